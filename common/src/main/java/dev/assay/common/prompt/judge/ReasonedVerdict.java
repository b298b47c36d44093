package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JudgeCheck;

/**
 * The answer shape of every yes/no judge check (abstention, sufficiency, semantic equivalence):
 * {@code {reasoning: string, <verdict>: boolean}}, both required, nothing else.
 */
final class ReasonedVerdict {

    static final String REASONING = "reasoning";

    private final String verdictField;
    private final ObjectNode schema;

    ReasonedVerdict(String verdictField, String reasoningDescription, String verdictDescription) {
        this.verdictField = verdictField;
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject(REASONING).put("type", "string").put("description", reasoningDescription);
        properties.putObject(verdictField).put("type", "boolean").put("description", verdictDescription);
        schema.putArray("required").add(REASONING).add(verdictField);
        schema.put("additionalProperties", false);
        this.schema = schema;
    }

    String verdictField() {
        return verdictField;
    }

    /** A copy, so no caller can change the shared schema. */
    JsonNode schema() {
        return schema.deepCopy();
    }

    /** The verdict and reasoning of an answer already validated against {@link #schema()}. */
    JudgeCheck read(JsonNode answer) {
        return new JudgeCheck(answer.get(verdictField).asBoolean(), answer.get(REASONING).asText());
    }
}
