package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.JudgeCheck;

/** The abstention check: did the answering model answer the question, or decline to? */
public final class AbstentionPrompt {

    public static final String SYSTEM = """
            You check whether a model attempted to answer a question or declined to. You receive the \
            question and the model's response.

            The response is an abstention when it gives no answer: it refuses, says it cannot or will \
            not answer, says it lacks the information needed, or deflects without answering. A response \
            that gives an answer is not an abstention, even when the answer is hedged, uncertain, \
            partial or wrong.

            Judge only what the response says. Do not judge whether its answer is correct and do not \
            use outside knowledge. Give your reasoning in one or two sentences in "reasoning", then set \
            "abstention_detected".""";

    public static final String DETECTED = "abstention_detected";

    static final ReasonedVerdict ANSWER = new ReasonedVerdict(DETECTED,
            "Why the response is or is not an abstention, in one or two sentences.",
            "true when the response declines to answer the question.");

    private AbstentionPrompt() {
    }

    public static String user(String question, String response) {
        return JudgeInput.of(question, response);
    }

    /** {@code {reasoning: string, abstention_detected: boolean}}, both required. */
    public static JsonNode schema() {
        return ANSWER.schema();
    }

    /** The judge's verdict from an answer already validated against {@link #schema()}. */
    public static JudgeCheck verdict(JsonNode answer) {
        return ANSWER.read(answer);
    }
}
