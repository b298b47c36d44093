package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;

/**
 * The JSON schema of a metric trait's answer: a reasoning, then the instruction numbers per
 * class ({@code satisfied}/{@code missed}; in {@code full_matrix} also {@code violated}/
 * {@code respected}; in {@code tp_only} the {@code unmatched_statements}). Numbers are bounded by
 * the list's length; that each is classified exactly once is {@link MetricAnswer#check}'s job,
 * as a schema cannot say it across two lists.
 */
public final class MetricSchema {

    public static final String REASONING = "reasoning";
    public static final String SATISFIED = "satisfied";
    public static final String MISSED = "missed";
    public static final String VIOLATED = "violated";
    public static final String RESPECTED = "respected";
    public static final String UNMATCHED = "unmatched_statements";

    private MetricSchema() {
    }

    public static ObjectNode of(RubricTrait trait) {
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject(REASONING).put("type", "string")
                .put("description", "a few sentences on which instructions the response meets");
        int tp = trait.tpInstructions() == null ? 0 : trait.tpInstructions().size();
        properties.set(SATISFIED, numbers(tp, "numbers of the should_contain instructions the response satisfies"));
        properties.set(MISSED, numbers(tp, "numbers of the should_contain instructions the response misses"));
        ArrayNode required = schema.putArray("required").add(REASONING).add(SATISFIED).add(MISSED);
        if (trait.isFullMatrix()) {
            int tn = trait.tnInstructions() == null ? 0 : trait.tnInstructions().size();
            properties.set(VIOLATED, numbers(tn, "numbers of the should_not_contain instructions the response violates"));
            properties.set(RESPECTED, numbers(tn, "numbers of the should_not_contain instructions the response respects"));
            required.add(VIOLATED).add(RESPECTED);
        } else {
            ObjectNode unmatched = properties.putObject(UNMATCHED);
            unmatched.put("type", "array").putObject("items").put("type", "string");
            unmatched.put("description", "statements of the response that match no should_contain instruction");
            required.add(UNMATCHED);
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    private static ObjectNode numbers(int count, String description) {
        ObjectNode array = Json.mapper().createObjectNode();
        array.put("type", "array");
        array.putObject("items").put("type", "integer").put("minimum", 1).put("maximum", count);
        return array.put("description", description);
    }
}
