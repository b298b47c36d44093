package dev.assay.core.session;

import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.prompt.judge.JudgePrompt;
import dev.assay.common.port.AgentSettings;
import dev.assay.core.agent.AgentRunException;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.agent.ToolLoopAgent;
import dev.assay.core.agent.Toolbox;
import dev.assay.core.agent.WorkspaceToolbox;
import dev.assay.core.llm.ModelCallException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A judge investigating as an agent (agentic parsing, agentic traits; docs/agents.md): the
 * investigation prompt, assembled like every judge prompt ({@link ModelSession#messages}), is run
 * by a {@link ToolLoopAgent} over the judge's session, so each of its turns is a recorded, guarded
 * gateway call under the task of the prompt; the tools are the ones {@code agent} declares.
 */
public final class JudgeInvestigation {

    private final ToolConnector tools;

    public JudgeInvestigation(ToolConnector tools) {
        this.tools = tools;
    }

    /** How an investigation ended: its run (trace, turns, usage; partial when it failed) and, when it gave no report, why. */
    public record Outcome(AgentResult run, Failure failure) {
        public boolean succeeded() {
            return failure == null;
        }

        /** The investigation's final report. */
        public String report() {
            return run == null ? "" : run.finalResponse();
        }
    }

    /**
     * Runs the investigation. Never throws for the judge's calls or tools: a failed model call, a
     * tool server that would not start, a timeout, a run cut off at its turn limit or a blank
     * report is the outcome's failure, with the trace so far.
     */
    public Outcome run(ModelSession session, JudgePrompt prompt, AgentSettings agent, String questionId, String what) {
        return run(session, prompt, agent, questionId, what, null);
    }

    /**
     * As {@link #run(ModelSession, JudgePrompt, AgentSettings, String, String)}; when the answering
     * agent left a {@code workspace} (null: none), its read-only {@code list_files} and
     * {@code read_file} are offered first and the run records which files the judge read.
     */
    public Outcome run(ModelSession session, JudgePrompt prompt, AgentSettings agent, String questionId, String what,
                       WorkspaceSnapshot workspace) {
        if (workspace == null) {
            return investigate(session, prompt, agent, questionId, what, Toolbox.EMPTY);
        }
        WorkspaceToolbox files = WorkspaceToolbox.readOnly(workspace);
        Outcome outcome = investigate(session, prompt, agent, questionId, what, files);
        return outcome.run() == null ? outcome
                : new Outcome(outcome.run().withWorkspaceFilesRead(files.filesRead()), outcome.failure());
    }

    private Outcome investigate(ModelSession session, JudgePrompt prompt, AgentSettings agent, String questionId, String what,
                                Toolbox builtIn) {
        Map<String, Object> extra = new HashMap<>();
        if (agent.tools() != null) {
            extra.put(ToolLoopAgent.TOOL_FILTER, agent.tools());
        }
        if (!agent.httpTools().isEmpty()) {
            extra.put(ToolLoopAgent.HTTP_TOOLS, agent.httpTools());
        }
        AgentConfig config = new AgentConfig(agent.effectiveMaxTurns(), null, agent.effectiveTimeout(), questionId, extra);
        try {
            ToolLoopAgent loop = new ToolLoopAgent((messages, offered) -> session.complete(prompt.task(), messages, offered),
                    tools, session.capabilities(), session.model().model());
            AgentResult result = loop.run(session.messages(prompt), List.of(), agent.mcpServers(), config, builtIn);
            if (result.limitReached()) {
                return new Outcome(result, new Failure(FailureCategory.CONTENT, session.stage(), what + ": the investigating judge reached its "
                        + "turn limit (" + result.turns() + " turns) without a final report", null));
            }
            if (result.finalResponse().isBlank()) {
                return new Outcome(result, new Failure(FailureCategory.CONTENT, session.stage(), what
                        + ": the investigating judge ended without a report", null));
            }
            return new Outcome(result, null);
        } catch (AgentRunException e) {
            return new Outcome(e.partial(), new Failure(ModelCallException.categoryOf(e.portError()), session.stage(),
                    what + ": the investigation failed: " + e.getMessage(), e.portError().kind()));
        } catch (ModelCallException e) {
            Failure failure = e.toFailure(session.stage());
            return new Outcome(null, new Failure(failure.category(), failure.stage(), what + ": the investigation failed: "
                    + failure.reason(), failure.errorKind()));
        }
    }
}
