package dev.assay.stage.rubric.evaluation;

import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.core.llm.ModelCallException;

import java.util.Optional;

/**
 * What a failed judge call leaves behind for the rubric's scores: the error text a trait carries,
 * and the judge's last answer when the call failed because that answer was unusable (so what is
 * still valid in it can be kept).
 */
public final class JudgeFailures {

    private JudgeFailures() {
    }

    /** "the judge call for {what} failed ({category}): {reason}". */
    public static String callFailed(String what, ModelCallException e) {
        Failure failure = e.toFailure(Stage.RUBRIC);
        return "the judge call for " + what + " failed (" + failure.category().wireName() + "): " + failure.reason();
    }

    /**
     * "the judge's answer for trait {name} was invalid: {problem}", or, when {@code failedCall} is
     * set (the answer stayed invalid through the repair rounds), "was still invalid after N answers".
     */
    public static String invalidAnswer(String traitName, ModelCallException failedCall, String problem) {
        String invalid = "was invalid";
        if (failedCall != null) {
            long answers = failedCall.calls().stream().filter(call -> call.error() == null).count();
            invalid = "was still invalid after " + answers + (answers == 1 ? " answer" : " answers");
        }
        return "the judge's answer for trait " + traitName + " " + invalid + ": " + problem;
    }

    /**
     * The text of the judge's last answer, when the call failed because that answer was unusable;
     * empty when it failed because no answer came (retries ran out, the provider's reply could not
     * be read).
     */
    public static Optional<String> lastAnswer(ModelCallException e) {
        if (!(e.portError() instanceof MalformedResponseException) || e.calls().isEmpty()) {
            return Optional.empty();
        }
        RecordedCall last = e.calls().getLast();
        // an error on the last call means the adapter could not read the provider's reply: no answer of the judge's
        return last.error() != null ? Optional.empty() : Optional.ofNullable(last.response());
    }
}
