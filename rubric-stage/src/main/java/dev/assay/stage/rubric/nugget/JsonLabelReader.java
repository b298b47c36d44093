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
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
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
    private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"(\\s*:)?|'((?:[^'\\\\]|\\\\.)*)'(\\s*:)?");

    @Override
    public NuggetOutputFormat format() {
        return NuggetOutputFormat.JSON;
    }

    @Override
    public Optional<List<SupportLabel>> read(String answer) {
        List<SupportLabel> last = null;
        int i = 0;
        while (i < answer.length()) {
            char c = answer.charAt(i);
            if (c != '{' && c != '[') {
                i++;
                continue;
            }
            try (JsonParser parser = LENIENT.createParser(answer.substring(i))) {
                JsonNode value = LENIENT.readTree(parser);
                Optional<List<SupportLabel>> labels = labelsOf(value);
                // an empty list ("[]" in prose) never hides a real one
                if (labels.isPresent() && (last == null || !labels.get().isEmpty())) {
                    last = labels.get();
                }
                // skip what was just read: arrays nested in it are not candidates of their own
                i += Math.max(1, (int) parser.currentLocation().getCharOffset());
            } catch (JsonEOFException e) {
                // the text ends inside this value: nothing after it can be a value of its own
                List<SupportLabel> salvaged = salvage(answer.substring(i));
                if (!salvaged.isEmpty()) {
                    last = salvaged;
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

    private static Optional<List<SupportLabel>> labelsOf(JsonNode value) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.isArray()) {
            return each(value.elements(), JsonLabelReader::labelOf);
        }
        if (!value.isObject() || value.isEmpty()) {
            return Optional.empty();
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getKey().equalsIgnoreCase("labels") && field.getValue().isArray()) {
                return labelsOf(field.getValue());
            }
        }
        if (value.size() == 1 && value.elements().next().isArray()) {
            return labelsOf(value.elements().next());
        }
        // {"1": "support", "2": "not_support"}: every value a label
        return each(value.elements(), JsonLabelReader::labelOf);
    }

    private static Optional<List<SupportLabel>> each(Iterator<JsonNode> elements, Function<JsonNode, Optional<SupportLabel>> read) {
        List<SupportLabel> labels = new ArrayList<>();
        while (elements.hasNext()) {
            Optional<SupportLabel> label = read.apply(elements.next());
            if (label.isEmpty()) {
                // a list with something that is no label is not a label list: its labels could not be placed
                return Optional.empty();
            }
            labels.add(label.get());
        }
        return Optional.of(labels);
    }

    private static Optional<SupportLabel> labelOf(JsonNode element) {
        if (element.isTextual()) {
            return LabelWords.read(element.asText());
        }
        if (element.isBoolean()) {
            return Optional.of(element.asBoolean() ? SupportLabel.SUPPORT : SupportLabel.NOT_SUPPORT);
        }
        if (element.isObject() && element.has("label")) {
            return labelOf(element.get("label"));
        }
        return Optional.empty();
    }

    /** The labels of a JSON text cut off before its end: its complete quoted values, keys left out. */
    private static List<SupportLabel> salvage(String cut) {
        List<SupportLabel> labels = new ArrayList<>();
        Matcher quoted = QUOTED.matcher(cut);
        while (quoted.find()) {
            boolean key = quoted.group(2) != null || quoted.group(4) != null;
            if (key) {
                continue;
            }
            Optional<SupportLabel> label = LabelWords.read(quoted.group(1) != null ? quoted.group(1) : quoted.group(3));
            if (label.isEmpty()) {
                return List.of();
            }
            labels.add(label.get());
        }
        return labels;
    }
}
