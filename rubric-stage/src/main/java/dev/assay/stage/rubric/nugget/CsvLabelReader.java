package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * CSV labels: rows {@code index,label} (tab or semicolon also separating; a header line and quoted fields allowed; extra columns
 * between the two, such as the nugget's text, too). Rows are taken in the order written; the
 * index must be a number but does not reorder them.
 */
final class CsvLabelReader implements LabelReader {

    private static final Pattern INDEX = Pattern.compile("\\d+");

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.CSV;
    }

    @Override
    public Optional<LabelList> read(String answer) {
        return LabelLines.lastList(answer, CsvLabelReader::labelOfRow);
    }

    private static Optional<SupportLabel> labelOfRow(String line) {
        List<String> fields = fields(line);
        if (fields.size() < 2 || !INDEX.matcher(unquote(fields.getFirst())).matches()) {
            return Optional.empty();
        }
        return LabelWords.read(unquote(fields.getLast()));
    }

    /** Comma-separated fields (tab or semicolon when the row has no comma); separators inside double quotes do not split. */
    private static List<String> fields(String line) {
        char separator = line.indexOf(',') >= 0 ? ',' : line.indexOf('\t') >= 0 ? '\t' : ';';
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                field.append(c);
            } else if (c == separator && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static String unquote(String field) {
        String trimmed = field.strip();
        if (trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")) {
            return trimmed.substring(1, trimmed.length() - 1).replace("\"\"", "\"").strip();
        }
        return trimmed;
    }
}
