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
 * mapping ({@code 1: support}) or a flow list ({@code labels: [support, not_support]}). Read by
 * hand rather than by a YAML parser, because the list sits inside prose and code fences that are
 * not YAML. Every item must be a label, except a last item that ends the answer (cut off there).
 */
final class YamlLabelReader implements LabelReader {

    private static final Pattern KEY = Pattern.compile("(?im)^[ \\t]*labels[ \\t]*:[ \\t]*(.*)$");
    private static final Pattern BLOCK_ITEM = Pattern.compile("^\\s*(?:-|\\d+\\s*:)\\s*(.*)$");
    private static final Pattern COMMENT = Pattern.compile("\\s+#.*$");

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.YAML;
    }

    @Override
    public Optional<List<SupportLabel>> read(String answer) {
        Matcher key = KEY.matcher(answer);
        int keyEnd = -1;
        String inline = null;
        while (key.find()) {
            keyEnd = key.end();
            inline = COMMENT.matcher(key.group(1)).replaceAll("").strip();
        }
        if (keyEnd < 0) {
            return Optional.empty();
        }
        return inline.isEmpty() ? blockList(answer.substring(keyEnd)) : flowList(inline);
    }

    private static Optional<List<SupportLabel>> flowList(String inline) {
        if (!inline.startsWith("[")) {
            return Optional.empty();
        }
        boolean closed = inline.endsWith("]");
        String inner = inline.substring(1, closed ? inline.length() - 1 : inline.length());
        List<String> items = new ArrayList<>();
        for (String item : inner.split(",")) {
            if (!item.isBlank()) {
                items.add(item);
            }
        }
        return labels(items, !closed);
    }

    private static Optional<List<SupportLabel>> blockList(String after) {
        List<String> items = new ArrayList<>();
        String[] lines = after.split("\\R", -1);
        boolean reachedEnd = true;
        for (String line : lines) {
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

    /** The items as labels; when the answer ends with the list, an unreadable last item is taken as cut off. */
    private static Optional<List<SupportLabel>> labels(List<String> items, boolean mayBeCut) {
        List<SupportLabel> labels = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Optional<SupportLabel> label = LabelWords.read(items.get(i));
            if (label.isPresent()) {
                labels.add(label.get());
            } else if (!(mayBeCut && i == items.size() - 1)) {
                return Optional.empty();
            }
        }
        return Optional.of(labels);
    }
}
