package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Markdown labels: a numbered or bulleted list ({@code 1. support}, {@code - **partial_support**},
 * {@code 2) Nugget 2: not_support}) or a table whose rows carry a label in a cell
 * ({@code | 1 | support |}). A list item counts when it is a label, or has one after its last
 * separator ({@code :}, {@code -}, {@code —}, {@code ->}, {@code =}) or before its first.
 */
final class MarkdownLabelReader implements LabelReader {

    private static final Pattern ITEM = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+(.+)$");
    private static final Pattern NUMBERED = Pattern.compile("^\\s*(\\d{1,6})[.)]\\s+(.+)$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\s*\\|(.*)\\|\\s*$");
    private static final Pattern SEPARATOR = Pattern.compile("\\s*(?::|\\s-\\s|—|–|->|→|=)\\s*");

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.MARKDOWN;
    }

    /**
     * The last run of label lines, as for every line format, with one addition for numbered lists: a
     * numbered item without a label between two labelled ones ({@code 2. maybe}) stays in the run as an
     * unreadable item instead of cutting the list in two, and a numbering that starts again
     * ({@code 1.} after {@code 3.}) starts a new run, so a numbered draft right before the final list is
     * not read as part of it.
     */
    @Override
    public Optional<LabelList> read(String answer) {
        List<LabelList.Item> last = null;
        List<LabelList.Item> current = new ArrayList<>();
        List<LabelList.Item> pending = new ArrayList<>();
        int previousNumber = 0;
        for (String line : answer.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            Optional<SupportLabel> label = labelOfLine(line);
            Matcher numbered = NUMBERED.matcher(line);
            Integer number = numbered.matches() ? Integer.valueOf(numbered.group(1)) : null;
            if (number != null && number <= previousNumber && !current.isEmpty()) {
                last = current;
                current = new ArrayList<>();
                pending.clear();
            }
            previousNumber = number == null ? 0 : number;
            if (label.isPresent()) {
                if (!current.isEmpty()) {
                    current.addAll(pending);
                }
                pending.clear();
                current.add(new LabelList.Item(label.get(), null));
            } else if (number != null && !current.isEmpty()) {
                pending.add(new LabelList.Item(null, numbered.group(2)));
            } else {
                if (!current.isEmpty()) {
                    last = current;
                    current = new ArrayList<>();
                }
                pending.clear();
            }
        }
        if (!current.isEmpty()) {
            last = current;
        }
        return Optional.ofNullable(last).map(LabelList::new);
    }

    private static Optional<SupportLabel> labelOfLine(String line) {
        Matcher row = TABLE_ROW.matcher(line);
        if (row.matches()) {
            String[] cells = row.group(1).split("\\|");
            // the label column is usually last; the nugget text before it may hold label-like words
            for (int i = cells.length - 1; i >= 0; i--) {
                Optional<SupportLabel> label = LabelWords.read(cells[i]);
                if (label.isPresent()) {
                    return label;
                }
            }
            return Optional.empty();
        }
        Matcher item = ITEM.matcher(line);
        return item.matches() ? labelOfItem(item.group(1)) : Optional.empty();
    }

    private static Optional<SupportLabel> labelOfItem(String content) {
        Optional<SupportLabel> whole = LabelWords.read(content);
        if (whole.isPresent()) {
            return whole;
        }
        String[] parts = SEPARATOR.split(content);
        if (parts.length < 2) {
            return Optional.empty();
        }
        Optional<SupportLabel> after = LabelWords.read(parts[parts.length - 1]);
        return after.isPresent() ? after : LabelWords.read(parts[0]);
    }
}
