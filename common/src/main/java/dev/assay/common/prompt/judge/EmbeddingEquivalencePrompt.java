package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JudgeCheck;

import java.util.TreeSet;

/**
 * The embedding check's confirmation (Karenina's stage 9): the parsed answer and the ground truth,
 * found close by embedding similarity, are they the same answer to the question?
 */
public final class EmbeddingEquivalencePrompt {

    public static final String SYSTEM = """
            You decide whether two parsed answers to a question are semantically equivalent, even when \
            they differ in structure or wording. You receive the question, the expected answer (the \
            ground truth) and the answer parsed from a model's response, each as JSON.

            They are equivalent when they answer the question with the same core meaning, would lead \
            to the same conclusion, and differ only in formatting, wording or structure that does not \
            change the substance.

            Give your reasoning in one or two sentences in "reasoning", then set "equivalent".""";

    private EmbeddingEquivalencePrompt() {
    }

    public static String user(String question, String expected, String given) {
        return "<question>\n" + question.strip() + "\n</question>\n\n<expected>\n" + expected + "\n</expected>\n\n<given>\n"
                + given + "\n</given>";
    }

    /**
     * The template's fields as one JSON text, keys sorted (Karenina's {@code json.dumps(sort_keys=True)}):
     * the ground truth when {@code parsed} is null, else the parsed values. Both are embedded and, when
     * close, shown to the judge.
     */
    public static String canonical(AnswerTemplate template, JsonNode parsed) {
        ObjectNode object = Json.mapper().createObjectNode();
        for (String name : new TreeSet<>(template.fields().keySet())) {
            JsonNode value = parsed == null ? template.fields().get(name).groundTruth() : parsed.get(name);
            object.set(name, value == null ? NullNode.getInstance() : value);
        }
        return Json.write(object);
    }

    public static JsonNode schema() {
        return SemanticPrompt.ANSWER.schema();
    }

    public static JudgeCheck read(JsonNode answer) {
        return SemanticPrompt.ANSWER.read(answer);
    }
}
