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

/**
 * Reads a judge's JSON answer out of its response text and checks it against the schema.
 * Tolerates what models wrap around JSON: reasoning blocks, Markdown fences, a sentence before;
 * and, against the schema, obvious type slips ({@link TypeCoercion}).
 */
public final class JsonAnswers {

    private static final Pattern REASONING = Pattern.compile("(?is)<(think|thinking|reasoning)>.*?</\\1>");
    private static final Pattern FENCE = Pattern.compile("(?s)```(?:json|JSON)?\\s*(.*?)```");
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private JsonAnswers() {
    }

    /** The JSON object in {@code text}, valid against {@code schema} (when given). */
    public static JsonNode read(String text, JsonNode schema) {
        JsonNode value = parseObject(text);
        if (schema == null) {
            return value;
        }
        Schema compiled = SCHEMAS.getSchema(schema);
        List<Error> errors = validate(compiled, value);
        if (errors.isEmpty()) {
            return value;
        }
        // Obvious type slips ("8" for 8, "true" for true, one value for a list) are fixed here
        // rather than costing the judge a repair round; anything else is still malformed.
        JsonNode coerced = TypeCoercion.coerce(value, schema);
        if (!coerced.equals(value) && validate(compiled, coerced).isEmpty()) {
            return coerced;
        }
        String problems = errors.stream().limit(5).map(Error::toString).collect(Collectors.joining("; "));
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
