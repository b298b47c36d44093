package dev.assay.stage.generation;

import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/** A manual answer that is a whole recorded agent trace, as the result of an agent run (Karenina's manual traces). */
final class ManualTraces {

    /** What the result names as the model of a recorded trace: nothing was called. */
    static final String MODEL = "manual";

    private ManualTraces() {
    }

    static AgentResult result(String response, List<Message> trace) {
        int turns = (int) trace.stream().filter(message -> message.role() == Role.ASSISTANT).count();
        // the turn limit is the agent's setting, which a recording does not have: a cut-off run shows as a trace
        // ending on an unanswered tool call, which the guards catch
        return new AgentResult(response, AgentTrace.raw(trace), trace, UsageMetadata.EMPTY, turns, false, null, MODEL);
    }
}
