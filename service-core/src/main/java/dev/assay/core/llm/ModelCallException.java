package dev.assay.core.llm;

import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/**
 * A model call that failed for good: retries ran out, the error was not worth retrying, or the
 * judge's answer stayed unusable after repair. Carries every attempt, so the failure is audited
 * like a success.
 */
public final class ModelCallException extends RuntimeException {

    private final PortException cause;
    private final List<RecordedCall> calls;

    public ModelCallException(PortException cause, List<RecordedCall> calls) {
        super(cause.getMessage() + " (" + calls.size() + (calls.size() == 1 ? " attempt)" : " attempts)"), cause);
        this.cause = cause;
        this.calls = List.copyOf(calls);
    }

    public PortException portError() {
        return cause;
    }

    public List<RecordedCall> calls() {
        return calls;
    }

    public UsageMetadata usage() {
        return calls.stream().map(RecordedCall::usage).reduce(UsageMetadata.EMPTY, UsageMetadata::plus);
    }

    /**
     * The failure to record: {@code retry} when retries ran out on a passing error, {@code content}
     * when the answer itself was unusable, {@code system} for errors that would repeat (a wrong key,
     * an unknown model, a bad request).
     */
    public Failure toFailure(Stage stage) {
        return new Failure(categoryOf(cause), stage, getMessage(), cause.kind());
    }

    /** The failure category a call that ended with {@code error} gets (see {@link #toFailure}). */
    public static FailureCategory categoryOf(PortException error) {
        if (error.kind() == PortErrorKind.MALFORMED_RESPONSE) {
            return FailureCategory.CONTENT;
        }
        return error.retryable() ? FailureCategory.RETRY : FailureCategory.SYSTEM;
    }
}
