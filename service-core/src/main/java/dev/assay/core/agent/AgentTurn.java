package dev.assay.core.agent;

import dev.assay.common.message.Message;
import dev.assay.common.port.ToolDefinition;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;

import java.util.List;

/** One model turn of an agent, through the model gateway; the seam the loop is tested through. */
@FunctionalInterface
public interface AgentTurn {

    /** @throws ModelCallException when the call failed for good, its attempts recorded */
    Completion take(List<Message> messages, List<ToolDefinition> tools);
}
