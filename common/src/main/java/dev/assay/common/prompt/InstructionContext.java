package dev.assay.common.prompt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.util.Map;
import java.util.Optional;

/** Well-known keys of the instruction context, and tolerant readers for factories. */
public final class InstructionContext {

    /** The JSON schema the judge must fill: a JSON string, a {@link JsonNode} or a Map. */
    public static final String JSON_SCHEMA = "json_schema";
    /** Extra, task-specific text on how to format the answer. */
    public static final String FORMAT_INSTRUCTIONS = "format_instructions";

    private InstructionContext() {
    }

    /**
     * The value under {@code key} as text: strings as they are, JSON trees and maps pretty-printed.
     * Empty when the key is missing, null or blank.
     */
    public static Optional<String> text(Map<String, Object> context, String key) {
        if (context == null) {
            return Optional.empty();
        }
        Object value = context.get(key);
        if (value == null) {
            return Optional.empty();
        }
        String text;
        if (value instanceof CharSequence chars) {
            text = chars.toString();
        } else {
            try {
                text = Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(value);
            } catch (JsonProcessingException e) {
                text = String.valueOf(value);
            }
        }
        return text.isBlank() ? Optional.empty() : Optional.of(text);
    }
}
