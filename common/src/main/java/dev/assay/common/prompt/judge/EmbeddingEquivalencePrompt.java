package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.JudgeCheck;

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

    public static JsonNode schema() {
        return SemanticPrompt.ANSWER.schema();
    }

    public static JudgeCheck read(JsonNode answer) {
        return SemanticPrompt.ANSWER.read(answer);
    }
}
