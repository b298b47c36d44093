package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.SupportLabel;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads a nugget judge's labels (docs/nuggets.md). First the reasoning is removed:
 * {@code <think>…</think>} and {@code <reasoning>…</reasoning>} blocks, in any case, over any
 * number of lines; an opening tag never closed removes the rest of the answer (the judge was cut
 * off while thinking) and a closing tag never opened removes everything before it (some chat
 * templates open the block in the prompt). Then the labels are read in the requested format.
 *
 * <p>With {@code adaptive}, every format is tried in a fixed order, most structured first:
 * json, xml, yaml, markdown, csv, and last plain label lines ({@code support, not_support} on one line,
 * or {@code Nugget 1: support} lines). The first that reads a non-empty label list wins, so an answer
 * with both a JSON list and CSV rows is read by its JSON.
 *
 * <p>With any other format, that format is read, and failing it a one-line plain list (the prompt asks
 * for labels; a bare list of them is unambiguous in every format). An answer in another format is a
 * {@code format_error}: the judge did not follow the request, and a judge that ignores the format
 * is worth knowing about (and worth the retry) more than its labels are worth rescuing. The detail
 * names the format the answer was in, when it was in one.
 *
 * <p>No labels found is always a {@code format_error}, never a truncation. A list with items that are
 * no label word is {@code unreadable_label}, naming only those items.
 */
public final class NuggetLabelParser {

    private static final List<LabelReader> ADAPTIVE_ORDER = List.of(new JsonLabelReader(), new XmlLabelReader(),
            new YamlLabelReader(false), new MarkdownLabelReader(), new CsvLabelReader());
    /** Asked for YAML, a bare {@code - support} list counts (in adaptive it is read as Markdown). */
    private static final LabelReader YAML_ASKED = new YamlLabelReader(true);
    /** The format name reported for plain label lines, which are no output format of their own. */
    static final String PLAIN = "plain";
    private static final Pattern REASONING_BLOCK = Pattern.compile("(?is)<(think|reasoning)\\b[^>]*>.*?</\\1\\s*>");
    private static final Pattern REASONING_OPEN = Pattern.compile("(?i)<(?:think|reasoning)\\b[^>]*>");
    private static final Pattern REASONING_CLOSE = Pattern.compile("(?i)</(?:think|reasoning)\\s*>");

    private NuggetLabelParser() {
    }

    /** The labels of {@code answer}, asked for in {@code requested}, for a window of {@code expected} nuggets. */
    public static ParsedLabels parse(String answer, NuggetOutputFormat requested, int expected) {
        if (expected < 0) {
            throw new IllegalArgumentException("expected must not be negative, was " + expected);
        }
        String text = stripReasoning(answer == null ? "" : answer);
        if (requested == NuggetOutputFormat.ADAPTIVE) {
            for (LabelReader reader : ADAPTIVE_ORDER) {
                Optional<LabelList> labels = reader.read(text).filter(list -> !list.isEmpty());
                if (labels.isPresent()) {
                    return counted(labels.get(), expected, reader.format().wireName());
                }
            }
            Optional<LabelLines.Run> plain = PlainLabelReader.read(text);
            if (plain.isPresent()) {
                return counted(LabelList.of(plain.get().labels()), expected, PLAIN);
            }
            return formatError(expected, "no labels in any format (tried " + ADAPTIVE_ORDER.stream()
                    .map(reader -> reader.format().wireName()).collect(Collectors.joining(", ")) + ")");
        }
        LabelReader reader = readerFor(requested);
        Optional<LabelList> labels = reader.read(text).filter(list -> !list.isEmpty());
        if (labels.isPresent()) {
            return counted(labels.get(), expected, requested.wireName());
        }
        Optional<LabelLines.Run> plain = PlainLabelReader.read(text).filter(run -> run.lines() == 1);
        if (plain.isPresent()) {
            return counted(LabelList.of(plain.get().labels()), expected, PLAIN);
        }
        Optional<NuggetOutputFormat> other = ADAPTIVE_ORDER.stream()
                .filter(r -> r.format() != requested && r.read(text).filter(list -> !list.isEmpty()).isPresent())
                .map(LabelReader::format).findFirst();
        return formatError(expected, "no " + requested.wireName() + " labels in the answer"
                + other.map(found -> " (it has " + found.wireName() + " labels instead)").orElse(""));
    }

    /** The answer without its reasoning blocks. */
    static String stripReasoning(String answer) {
        String text = REASONING_BLOCK.matcher(answer).replaceAll("");
        Matcher close = REASONING_CLOSE.matcher(text);
        int afterLastClose = -1;
        while (close.find()) {
            afterLastClose = close.end();
        }
        if (afterLastClose >= 0) {
            text = text.substring(afterLastClose);
        }
        Matcher open = REASONING_OPEN.matcher(text);
        if (open.find()) {
            text = text.substring(0, open.start());
        }
        return text;
    }

    private static LabelReader readerFor(NuggetOutputFormat format) {
        if (format == NuggetOutputFormat.YAML) {
            return YAML_ASKED;
        }
        return ADAPTIVE_ORDER.stream().filter(reader -> reader.format() == format).findFirst()
                .orElseThrow(() -> new IllegalStateException("no label reader for format " + format.wireName()));
    }

    private static ParsedLabels counted(LabelList list, int expected, String name) {
        List<SupportLabel> labels = list.labels();
        List<String> unreadable = list.unreadable();
        if (!unreadable.isEmpty()) {
            // the list is there and its length is known, but these items name no label: say which, guess none
            return new ParsedLabels(labels, expected, name, NuggetParseError.UNREADABLE_LABEL,
                    String.join(", ", unreadable) + (unreadable.size() == 1 ? " is" : " are") + " no label; "
                            + labels.size() + " of " + list.items().size() + " items read, " + expected + " expected (" + name + ")");
        }
        if (labels.size() < expected) {
            return new ParsedLabels(labels, expected, name, NuggetParseError.TRUNCATION,
                    labels.size() + " of " + expected + " labels (" + name + ")");
        }
        if (labels.size() > expected) {
            return new ParsedLabels(labels, expected, name, NuggetParseError.COUNT_MISMATCH,
                    labels.size() + " labels for " + expected + " nuggets (" + name + ")");
        }
        return new ParsedLabels(labels, expected, name, NuggetParseError.NONE, null);
    }

    private static ParsedLabels formatError(int expected, String detail) {
        return new ParsedLabels(List.of(), expected, null, NuggetParseError.FORMAT_ERROR, detail);
    }
}
