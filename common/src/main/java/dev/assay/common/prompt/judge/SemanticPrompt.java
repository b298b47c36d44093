package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.template.primitive.SemanticJudge;

/**
 * The {@code semantic} primitive's judge call: does the value parsed from the response mean the
 * same as the ground truth? Unlike parsing, this call does see the ground truth — comparing with
 * it is the whole question — but never the response itself, only the parsed value.
 */
public final class SemanticPrompt {

    public static final String SYSTEM = """
            You decide whether two values mean the same thing. You receive the field they belong to, \
            the expected value and the value given.

            They are equivalent when a careful expert would accept the given value as the expected one: \
            synonyms, abbreviations, spelling variants and a different wording of the same meaning \
            count; a more general or more specific value, a related but different thing, or a \
            contradiction does not. For lists, the same items in any order are equivalent.

            Give your reasoning in one or two sentences in "reasoning", then set "equivalent".""";

    public static final String EQUIVALENT = "equivalent";

    static final ReasonedVerdict ANSWER = new ReasonedVerdict(EQUIVALENT,
            "Why the values do or do not mean the same, in one or two sentences.",
            "true when the given value means the same as the expected one.");

    private SemanticPrompt() {
    }

    public static String user(String fieldName, TemplateField field, JsonNode actual) {
        String description = field.description() == null ? "" : ": " + field.description().strip();
        return "<field>\n" + fieldName + description + "\n</field>\n\n<expected>\n" + render(field.groundTruth())
                + "\n</expected>\n\n<given>\n" + render(actual) + "\n</given>";
    }

    /** Text as itself, anything else (lists) as JSON. */
    private static String render(JsonNode value) {
        if (value == null || value.isNull()) {
            return "null";
        }
        return value.isTextual() ? value.asText().strip() : Json.write(value);
    }

    /** {@code {reasoning: string, equivalent: boolean}}, both required. */
    public static JsonNode schema() {
        return ANSWER.schema();
    }

    /** The judge's decision from an answer already validated against {@link #schema()}. */
    public static SemanticJudge.Equivalence decision(JsonNode answer) {
        JudgeCheck check = ANSWER.read(answer);
        return new SemanticJudge.Equivalence(check.detected(), check.reasoning());
    }
}
