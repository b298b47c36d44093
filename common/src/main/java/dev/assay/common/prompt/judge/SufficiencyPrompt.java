package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.pipeline.JudgeCheck;

import java.util.Map;

/**
 * The sufficiency check: does the response contain what the answer template needs to be filled?
 * The judge sees the question, the response and the template's field names, types and
 * descriptions, never the ground truth. It answers {@code insufficiency_detected}, so that
 * {@code detected: true} means "something is wrong" as in the abstention check.
 */
public final class SufficiencyPrompt {

    public static final String SYSTEM = """
            You check whether a model's response contains the information needed to fill an answer \
            template. You receive the question, the model's response, and the template's fields, each \
            with what it should hold.

            The response is insufficient when it does not state a value for the fields the question \
            asks about: it talks around the question, gives only background, or leaves the asked-for \
            values out. A response that states the values is sufficient, even when they are hedged, \
            imprecise or wrong.

            Judge only what the response says. Do not judge whether it is correct and do not use \
            outside knowledge. Give your reasoning in one or two sentences in "reasoning", then set \
            "insufficiency_detected".""";

    public static final String DETECTED = "insufficiency_detected";

    static final ReasonedVerdict ANSWER = new ReasonedVerdict(DETECTED,
            "Why the response does or does not hold what the fields need, in one or two sentences.",
            "true when the response lacks what is needed to fill the template.");

    private SufficiencyPrompt() {
    }

    /** Question and response as in every judge call, then the fields: names, types, descriptions only. */
    public static String user(String question, String response, AnswerTemplate template) {
        StringBuilder fields = new StringBuilder("<template_fields>\n");
        for (Map.Entry<String, TemplateField> entry : template.fields().entrySet()) {
            TemplateField field = entry.getValue();
            fields.append("- ").append(entry.getKey());
            if (field.type() != null) {
                fields.append(" (").append(field.type().wireName()).append(')');
            }
            if (field.description() != null && !field.description().isBlank()) {
                fields.append(": ").append(field.description().strip());
            }
            fields.append('\n');
        }
        return JudgeInput.of(question, response) + "\n\n" + fields.append("</template_fields>");
    }

    /** {@code {reasoning: string, insufficiency_detected: boolean}}, both required. */
    public static JsonNode schema() {
        return ANSWER.schema();
    }

    /** The judge's verdict from an answer already validated against {@link #schema()}. */
    public static JudgeCheck verdict(JsonNode answer) {
        return ANSWER.read(answer);
    }
}
