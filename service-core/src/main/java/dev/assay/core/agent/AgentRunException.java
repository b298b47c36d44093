package dev.assay.core.agent;

import dev.assay.common.port.AgentResult;
import dev.assay.common.port.PortException;

/**
 * An agent run that ended without an answer: a model call failed for good, a server did not
 * start, the run's deadline passed. {@link #partial()} is the trace up to then, for the record.
 */
public final class AgentRunException extends RuntimeException {

    private final PortException cause;
    private final AgentResult partial;

    public AgentRunException(PortException cause, AgentResult partial) {
        super(cause.getMessage(), cause);
        this.cause = cause;
        this.partial = partial;
    }

    public PortException portError() {
        return cause;
    }

    public AgentResult partial() {
        return partial;
    }
}
