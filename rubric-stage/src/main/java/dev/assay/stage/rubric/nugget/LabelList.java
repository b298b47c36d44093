package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One label list found in an answer: its items in order, each a label or, when the judge wrote
 * something that is no label word ({@code "maybe"}), that text. An unreadable item keeps its place,
 * so the report can name exactly which item could not be read instead of voiding the whole list.
 *
 * @param items the list's items, in the order written
 */
record LabelList(List<Item> items) {

    /** An item: its label, or null with the text that could not be read. */
    record Item(SupportLabel label, String text) {
    }

    LabelList {
        items = List.copyOf(items);
    }

    static LabelList of(List<SupportLabel> labels) {
        return new LabelList(labels.stream().map(label -> new Item(label, null)).toList());
    }

    /**
     * The items' texts as a label list, or empty when they do not look like one: a list counts when
     * at least one item is a label and no more items are unreadable than readable (a JSON array of
     * names in the prose is no label list with unreadable items).
     */
    static Optional<LabelList> ofTexts(List<String> texts) {
        List<Item> items = new ArrayList<>();
        int readable = 0;
        for (String text : texts) {
            Optional<SupportLabel> label = LabelWords.read(text);
            if (label.isPresent()) {
                readable++;
            }
            items.add(new Item(label.orElse(null), text == null ? "" : text.strip()));
        }
        if (readable == 0 || readable < items.size() - readable) {
            return Optional.empty();
        }
        return Optional.of(new LabelList(items));
    }

    /** The labels that could be read, in order. */
    List<SupportLabel> labels() {
        return items.stream().filter(item -> item.label() != null).map(Item::label).toList();
    }

    /** The items that could not be read, by their place in the list (from 1). */
    List<String> unreadable() {
        List<String> unreadable = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).label() == null) {
                unreadable.add("item " + (i + 1) + " \"" + abbreviate(items.get(i).text()) + "\"");
            }
        }
        return unreadable;
    }

    boolean isEmpty() {
        return items.isEmpty();
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}
