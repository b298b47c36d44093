package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YAML labels: a {@code labels:} key followed by a block list ({@code - support}), a numbered
 * mapping ({@code 1: support}) or a flow list ({@code labels: [support, not_support]}, brackets
 * optional), or, when YAML was asked for, a bare block list without the key. Read by hand rather
 * than by a YAML parser, because the list sits inside prose and code fences that are not YAML. An
 * item that is no label is reported as unreadable, except a last item that ends the answer (cut off
 * there).
 *
 * <p>In {@code adaptive} the bare list is left to the Markdown reader (it is a Markdown bullet list
 * too), so such an answer is reported as Markdown, as before.
 */
final class YamlLabelReader implements LabelReader {

    private static final Pattern KEY = Pattern.compile("(?im)^[ \\t]*labels[ \\t]*:[ \\t]*(.*)$");
    private static final Pattern BLOCK_ITEM = Pattern.compile("^\\s*(?:-|\\d+\\s*:)\\s*(.*)$");
    private static final Pattern DASH_ITEM = Pattern.compile("^\\s*-\\s+(.+)$");
    private static final Pattern COMMENT = Pattern.compile("\\s+#.*$");

    private final boolean bareLists;

    /** @param bareLists whether a block list without a {@code labels:} key counts */
    YamlLabelReader(boolean bareLists) {
        this.bareLists = bareLists;
    }

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.YAML;
    }

    @Override
    public Optional<LabelList> read(String answer) {
        Matcher key = KEY.matcher(answer);
        int keyEnd = -1;
        String inline = null;
        while (key.find()) {
            keyEnd = key.end();
            inline = COMMENT.matcher(key.group(1)).replaceAll("").strip();
        }
        if (keyEnd >= 0) {
            Optional<LabelList> keyed = inline.isEmpty() ? blockList(answer.substring(keyEnd)) : flowList(inline);
            if (keyed.isPresent()) {
                return keyed;
            }
        }
        return bareLists ? LabelLines.lastList(answer, YamlLabelReader::dashItem) : Optional.empty();
    }

    private static Optional<SupportLabel> dashItem(String line) {
        Matcher item = DASH_ITEM.matcher(line);
        return item.matches() ? LabelWords.read(COMMENT.matcher(item.group(1)).replaceAll("")) : Optional.empty();
    }

    private static Optional<LabelList> flowList(String inline) {
        boolean open = inline.startsWith("[");
        boolean closed = open && inline.endsWith("]");
        String inner = open ? inline.substring(1, closed ? inline.length() - 1 : inline.length()) : inline;
        List<String> items = new ArrayList<>();
        for (String item : inner.split(",")) {
            if (!item.isBlank()) {
                items.add(item);
            }
        }
        return labels(items, open && !closed);
    }

    private static Optional<LabelList> blockList(String after) {
        List<String> items = new ArrayList<>();
        boolean reachedEnd = true;
        for (String line : after.split("\\R", -1)) {
            if (line.isBlank()) {
                continue;
            }
            Matcher item = BLOCK_ITEM.matcher(line);
            if (!item.matches()) {
                reachedEnd = false;
                break;
            }
            items.add(COMMENT.matcher(item.group(1)).replaceAll(""));
        }
        return labels(items, reachedEnd);
    }

    /** The items as a label list; when the answer ends with the list, an unreadable last item is taken as cut off. */
    private static Optional<LabelList> labels(List<String> items, boolean mayBeCut) {
        List<String> kept = new ArrayList<>(items);
        if (mayBeCut && !kept.isEmpty() && LabelWords.read(kept.getLast()).isEmpty()) {
            kept.removeLast();
        }
        return LabelList.ofTexts(kept);
    }
}
