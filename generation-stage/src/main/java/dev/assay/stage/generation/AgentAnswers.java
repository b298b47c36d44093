package dev.assay.stage.generation;

import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.generation.GenerationPrompt;
import dev.assay.common.run.AgentSettings;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.agent.AgentRunException;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.agent.ToolLoopAgent;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.session.ModelSession;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A job whose answering model is an agent (docs/agents.md): the plain question goes to a
 * {@link ToolLoopAgent} over the model's session, so every turn is a recorded, guarded gateway
 * call; the outcome carries the whole trace. The parsing stage's guards read it.
 */
final class AgentAnswers {

    private final McpConnector mcp;

    AgentAnswers(McpConnector mcp) {
        this.mcp = mcp;
    }

    GenerationOutcome answer(VerificationJob job, ModelSession session) {
        ModelConfig model = session.model();
        AgentSettings settings = model.agent();
        if (job.question().prompt() != null || job.question().multiRunPrompt() != null || job.question().promptFile() != null) {
            return failed(session, new Failure(FailureCategory.SYSTEM, Stage.GENERATION,
                    "an agent answers a plain question; this question has prompt messages (prompt, prompt_file or multi_run_prompt)",
                    null), null);
        }
        try {
            PortCapabilities capabilities = session.capabilities();
            ToolLoopAgent agent = new ToolLoopAgent((messages, tools) -> session.complete(PromptTask.GENERATION, messages, tools),
                    mcp, capabilities, model.model());
            Map<String, Object> extra = new HashMap<>();
            if (settings.tools() != null) {
                extra.put(ToolLoopAgent.TOOL_FILTER, settings.tools());
            }
            AgentConfig config = new AgentConfig(settings.effectiveMaxTurns(), model.systemPrompt(), settings.effectiveTimeout(),
                    job.question().id(), extra);
            AgentResult result = agent.run(GenerationPrompt.messages(job, capabilities), List.of(), settings.mcpServers(), config);
            return new GenerationOutcome(result.finalResponse(), session.calls(), session.usage(), session.elapsedMillis(), null,
                    null, null, result);
        } catch (AgentRunException e) {
            return failed(session, new Failure(ModelCallException.categoryOf(e.portError()), Stage.GENERATION, e.getMessage(),
                    e.portError().kind()), e.partial());
        } catch (ModelCallException e) {
            return failed(session, e.toFailure(Stage.GENERATION), null);
        }
    }

    private static GenerationOutcome failed(ModelSession session, Failure failure, AgentResult partial) {
        return new GenerationOutcome("", session.calls(), session.usage(), session.elapsedMillis(), failure, null, null, partial);
    }
}
