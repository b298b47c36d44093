package dev.assay.core.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.assay.common.json.Json;
import dev.assay.common.port.MalformedResponseException;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads a judge's JSON answer out of its response text and checks it against the schema.
 * Tolerates what models wrap around JSON: reasoning blocks, Markdown fences, a sentence before;
 * and, against the schema, type slips with a single reading ({@link TypeCoercion}).
 */
public final class JsonAnswers {

    private static final Pattern REASONING = Pattern.compile("(?is)<(think|thinking|reasoning)>.*?</\\1>");
    private static final Pattern FENCE = Pattern.compile("(?s)```(?:json|JSON)?\\s*(.*?)```");
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private JsonAnswers() {
    }

    /** The JSON object in {@code text}, valid against {@code schema} (when given). */
    public static JsonNode read(String text, JsonNode schema) {
        return answer(text, schema).value();
    }

    /**
     * A judge's answer read against its schema.
     *
     * @param coercions the type slips fixed to make it valid, each naming the field, the value given and what it
     *                  became ({@code verdict: "yes" read as true}); empty when the answer was valid as given
     */
    public record Answer(JsonNode value, List<String> coercions) {
        public Answer {
            coercions = List.copyOf(coercions);
        }
    }

    /** Like {@link #read}, saying which values were coerced. */
    public static Answer answer(String text, JsonNode schema) {
        JsonNode value = parseObject(text);
        if (schema == null) {
            return new Answer(value, List.of());
        }
        Schema compiled = SCHEMAS.getSchema(schema);
        List<Error> errors = validate(compiled, value);
        if (errors.isEmpty()) {
            return new Answer(value, List.of());
        }
        // Type slips with one reading ("8" for 8, "yes" for true, one value for a list) are fixed here
        // rather than costing the judge a repair round; anything else is still malformed.
        TypeCoercion.Coerced coerced = TypeCoercion.coerceNoting(value, schema);
        if (!coerced.value().equals(value) && validate(compiled, coerced.value()).isEmpty()) {
            return new Answer(coerced.value(), coerced.changes());
        }
        // The values without a single reading first: they say plainly what the judge must change.
        String problems = Stream.concat(coerced.refusals().stream(), errors.stream().map(Error::toString))
                .limit(5).collect(Collectors.joining("; "));
        throw new MalformedResponseException("the answer does not match the schema: " + problems, text);
    }

    /**
     * The JSON object in {@code text} with the same type slips fixed as {@link #read}, but not
     * validated: for reading what is still usable in an answer that failed its schema (e.g. the
     * traits of a batch that were answered correctly). Throws {@link MalformedResponseException}
     * when there is no JSON object at all.
     */
    public static JsonNode readLoosely(String text, JsonNode schema) {
        JsonNode value = parseObject(text);
        return schema == null ? value : TypeCoercion.coerce(value, schema);
    }

    private static List<Error> validate(Schema compiled, JsonNode value) {
        return compiled.validate(Json.write(value), InputFormat.JSON);
    }

    static JsonNode parseObject(String text) {
        if (text == null || text.isBlank()) {
            throw new MalformedResponseException("the answer is empty", text);
        }
        String cleaned = REASONING.matcher(text).replaceAll("").strip();
        Matcher fence = FENCE.matcher(cleaned);
        if (fence.find()) {
            cleaned = fence.group(1).strip();
        }
        int start = cleaned.indexOf('{');
        int end = cleaned.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new MalformedResponseException("the answer contains no JSON object", text);
        }
        try {
            JsonNode value = Json.mapper().readTree(cleaned.substring(start, end + 1));
            if (!value.isObject()) {
                throw new MalformedResponseException("the answer is not a JSON object", text);
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new MalformedResponseException("the answer is not valid JSON: " + e.getOriginalMessage(), text, e);
        }
    }
}
