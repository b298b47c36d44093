package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * What a JSON schema cannot say about a judge's answer (e.g. "every instruction is classified
 * exactly once, across two lists"). Runs on an answer that already matches the schema; a problem
 * makes the answer unusable exactly like a schema error: the judge is shown it in a repair round,
 * and when it persists the call fails with {@link dev.assay.common.port.MalformedResponseException}.
 */
@FunctionalInterface
public interface AnswerCheck {

    /** Accepts every answer the schema accepts. */
    AnswerCheck NONE = answer -> List.of();

    /** What is wrong with {@code answer}, each phrased for the judge to act on; empty when it is usable. */
    List<String> problems(JsonNode answer);
}
