package dev.assay.stage.rubric.nugget;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.SupportLabel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JSON labels: {@code {"labels": [...]}}, a bare array {@code ["support", ...]}, an array of
 * objects with a {@code label} field, or an object of labels keyed by nugget number. Read leniently
 * (single quotes, trailing commas, unquoted keys), because the classic nugget prompt asks for a
 * "list" and models then answer with a Python list. The last label list in the answer wins: answers
 * that think aloud outside their reasoning tags end with the labels.
 *
 * <p>An answer cut off inside its JSON (the judge hit its token limit) keeps the labels written
 * before the cut, so the parser reports a truncation rather than a format error.
 */
final class JsonLabelReader implements LabelReader {

    private static final ObjectMapper LENIENT = new ObjectMapper(JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
            .build());
    /** A quoted string in a cut-off JSON text, and whether a colon follows it (then it is a key). */
    /** Fields that hold the list, and fields of an item object that hold its label. */
    private static final Set<String> LIST_KEYS = Set.of("labels", "label", "assignments", "judgments", "judgements");
    private static final Set<String> LABEL_KEYS = Set.of("label", "assignment", "judgment", "judgement", "verdict", "support");
    private static final Pattern LABELS_KEY = Pattern.compile("(?i)[\"']labels[\"']\\s*:");
    private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"(\\s*:)?|'((?:[^'\\\\]|\\\\.)*)'(\\s*:)?");

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.JSON;
    }

    @Override
    public Optional<LabelList> read(String answer) {
        LabelList last = null;
        int i = 0;
        while (i < answer.length()) {
            char c = answer.charAt(i);
            if (c != '{' && c != '[') {
                i++;
                continue;
            }
            try (JsonParser parser = LENIENT.createParser(answer.substring(i))) {
                JsonNode value = LENIENT.readTree(parser);
                Optional<LabelList> labels = labelsOf(value);
                // an empty list ("[]" in prose) never hides a real one
                if (labels.isPresent() && (last == null || !labels.get().isEmpty())) {
                    last = labels.get();
                }
                // skip what was just read: arrays nested in it are not candidates of their own
                i += Math.max(1, (int) parser.currentLocation().getCharOffset());
            } catch (JsonEOFException e) {
                // the text ends inside this value: nothing after it can be a value of its own
                Optional<LabelList> salvaged = salvage(answer.substring(i));
                if (salvaged.isPresent()) {
                    last = salvaged.get();
                }
                break;
            } catch (StreamReadException e) {
                i++;
            } catch (IOException e) {
                throw new IllegalStateException("reading from a string cannot fail", e);
            }
        }
        return Optional.ofNullable(last);
    }

    private static Optional<LabelList> labelsOf(JsonNode value) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.isArray()) {
            if (value.isEmpty()) {
                return Optional.of(new LabelList(List.of()));
            }
            List<String> texts = new ArrayList<>();
            value.elements().forEachRemaining(element -> texts.add(textOf(element)));
            return LabelList.ofTexts(texts);
        }
        if (!value.isObject() || value.isEmpty()) {
            return Optional.empty();
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (LIST_KEYS.contains(field.getKey().toLowerCase(Locale.ROOT)) && field.getValue().isArray()) {
                return labelsOf(field.getValue());
            }
        }
        if (value.size() == 1 && value.elements().next().isArray()) {
            return labelsOf(value.elements().next());
        }
        // {"1": "support", "2": "not_support"}: every value a label (an object of other things is no label list)
        List<SupportLabel> labels = new ArrayList<>();
        for (Iterator<JsonNode> elements = value.elements(); elements.hasNext(); ) {
            Optional<SupportLabel> label = LabelWords.read(textOf(elements.next()));
            if (label.isEmpty()) {
                return Optional.empty();
            }
            labels.add(label.get());
        }
        return Optional.of(LabelList.of(labels));
    }

    /** An array element as label text: a string, a boolean, or an object's label field; anything else as written. */
    private static String textOf(JsonNode element) {
        if (element.isTextual()) {
            return element.asText();
        }
        if (element.isBoolean()) {
            return element.asBoolean() ? "support" : "not_support";
        }
        if (element.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = element.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (LABEL_KEYS.contains(field.getKey().toLowerCase(Locale.ROOT))) {
                    return textOf(field.getValue());
                }
            }
        }
        return element.toString();
    }

    /**
     * The labels of a JSON text cut off before its end: its complete quoted values after the last
     * {@code labels} key (or all of them, keys left out). Every value must be a label: a cut-off text
     * gives no second look at what an unreadable value was.
     */
    private static Optional<LabelList> salvage(String cut) {
        Matcher key = LABELS_KEY.matcher(cut);
        int from = 0;
        while (key.find()) {
            from = key.end();
        }
        List<SupportLabel> labels = new ArrayList<>();
        Matcher quoted = QUOTED.matcher(cut);
        quoted.region(from, cut.length());
        while (quoted.find()) {
            if (quoted.group(2) != null || quoted.group(4) != null) {
                continue;
            }
            Optional<SupportLabel> label = LabelWords.read(quoted.group(1) != null ? quoted.group(1) : quoted.group(3));
            if (label.isEmpty()) {
                return Optional.empty();
            }
            labels.add(label.get());
        }
        return labels.isEmpty() ? Optional.empty() : Optional.of(LabelList.of(labels));
    }
}
