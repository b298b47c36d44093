package dev.assay.stage.generation;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunOutput;
import dev.assay.core.agent.AgentRunException;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.agent.ToolLoopAgent;
import dev.assay.core.agent.Toolbox;
import dev.assay.core.agent.Workspace;
import dev.assay.core.agent.WorkspaceToolbox;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.session.ModelSession;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A job whose answering model is an agent (docs/agents.md): the question, asked the way it is
 * written ({@link PromptRuns}: its text, its {@code prompt} messages, each run of a multi-run
 * prompt), has each turn the model fills answered by a {@link ToolLoopAgent} run over the model's
 * session, so every model turn is a recorded, guarded gateway call. The outcome carries the whole
 * trace; the parsing stage's guards read it.
 */
final class AgentAnswers {

    private final ToolConnector tools;

    AgentAnswers(ToolConnector tools) {
        this.tools = tools;
    }

    GenerationOutcome answer(VerificationJob job, ModelSession session) {
        ModelConfig model = session.model();
        AgentSettings settings = model.agent();
        Map<String, String> variables = new LinkedHashMap<>();
        List<RunOutput> outputs = new ArrayList<>();
        PortCapabilities capabilities = session.capabilities();
        Map<String, Object> extra = new HashMap<>();
        if (settings.tools() != null) {
            extra.put(ToolLoopAgent.TOOL_FILTER, settings.tools());
        }
        if (!settings.httpTools().isEmpty()) {
            extra.put(ToolLoopAgent.HTTP_TOOLS, settings.httpTools());
        }
        AgentConfig config = new AgentConfig(settings.effectiveMaxTurns(), model.systemPrompt(), settings.effectiveTimeout(),
                job.question().id(), extra);
        ToolLoopAgent agent = new ToolLoopAgent((messages, offered) -> session.complete(PromptTask.GENERATION, messages, offered),
                tools, capabilities, model.model());
        // one workspace per job: every run of a multi-run or multi-variable prompt works in it
        Workspace workspace = settings.hasWorkspace() ? new Workspace(settings.workspace().effectiveMaxBytes()) : null;
        AgentRuns runs = new AgentRuns(agent, settings, config,
                workspace == null ? Toolbox.EMPTY : WorkspaceToolbox.writable(workspace), workspace);
        boolean prompted = job.question().prompt() != null;
        try {
            String response = new PromptRuns(new ConversationLoop(runs), job, capabilities).answer(variables, outputs);
            return new GenerationOutcome(response, session.calls(), session.usage(), session.elapsedMillis(), null,
                    prompted ? variables : null, outputs, runs.result(null));
        } catch (AgentRuns.CutOff e) {
            // a run hit its turn limit: the conversation goes no further; the parsing stage's guard fails the job
            return new GenerationOutcome(e.response, session.calls(), session.usage(), session.elapsedMillis(), null,
                    prompted ? variables : null, outputs, runs.result(null));
        } catch (AgentRunException e) {
            return failed(session, new Failure(ModelCallException.categoryOf(e.portError()), Stage.GENERATION, e.getMessage(),
                    e.portError().kind()), prompted ? variables : null, outputs, runs.result(e.partial()));
        } catch (ModelCallException e) {
            return failed(session, e.toFailure(Stage.GENERATION), prompted ? variables : null, outputs, runs.result(null));
        } catch (RuntimeException e) {
            // as for a model that is no agent (a prompt_file not inlined, …): a failed job, never a lost one
            return failed(session, Failure.unexpected(Stage.GENERATION, e), prompted ? variables : null, outputs, runs.result(null));
        }
    }

    private static GenerationOutcome failed(ModelSession session, Failure failure, Map<String, String> variables,
                                            List<RunOutput> outputs, AgentResult partial) {
        return new GenerationOutcome("", session.calls(), session.usage(), session.elapsedMillis(), failure, variables, outputs,
                partial);
    }

    /**
     * Each turn the question's script has the model fill, answered by one agent run on the
     * conversation so far; the runs' traces are joined into the job's one trace. A multi-variable
     * prompt is one conversation, so a later run's trace already holds the earlier's; each run of a
     * multi-run prompt is a conversation of its own and its trace follows the previous one.
     */
    private static final class AgentRuns implements ModelTurn {

        /** A run that hit its turn limit ends the conversation: nothing after it could be judged. */
        static final class CutOff extends RuntimeException {
            final String response;

            CutOff(String response) {
                super(null, null, false, false);
                this.response = response;
            }
        }

        private final ToolLoopAgent agent;
        private final AgentSettings settings;
        private final AgentConfig config;
        private final Toolbox builtIn;
        private final Workspace workspace;
        private final List<AgentResult> runs = new ArrayList<>();
        private List<Message> sent = List.of();

        AgentRuns(ToolLoopAgent agent, AgentSettings settings, AgentConfig config, Toolbox builtIn, Workspace workspace) {
            this.agent = agent;
            this.settings = settings;
            this.config = config;
            this.builtIn = builtIn;
            this.workspace = workspace;
        }

        @Override
        public Completion complete(List<Message> messages) {
            sent = messages;
            AgentResult result = agent.run(messages, List.of(), settings.mcpServers(), config, builtIn);
            runs.add(result);
            if (result.limitReached()) {
                throw new CutOff(result.finalResponse());
            }
            return new Completion(result.finalResponse(), UsageMetadata.EMPTY, List.of());
        }

        @Override
        public List<Message> said(Completion completion) {
            List<Message> trace = runs.get(runs.size() - 1).traceMessages();
            return trace.subList(Math.min(sent.size(), trace.size()), trace.size());
        }

        /** The runs as one (their traces joined, turns and usage summed, cut off when any was), with the workspace as they left it. */
        AgentResult result(AgentResult failedRun) {
            AgentResult joined = joined(failedRun);
            return joined == null || workspace == null ? joined : joined.withWorkspace(workspace.snapshot());
        }

        private AgentResult joined(AgentResult failedRun) {
            List<AgentResult> all = new ArrayList<>(runs);
            if (failedRun != null) {
                all.add(failedRun);
            }
            if (all.isEmpty()) {
                return null;
            }
            if (all.size() == 1) {
                return all.get(0);
            }
            List<Message> trace = new ArrayList<>();
            UsageMetadata usage = UsageMetadata.EMPTY;
            int turns = 0;
            boolean limitReached = false;
            String actualModel = null;
            for (int i = 0; i < all.size(); i++) {
                AgentResult run = all.get(i);
                boolean continued = i + 1 < all.size() && startsWith(all.get(i + 1).traceMessages(), run.traceMessages());
                if (!continued) {
                    trace.addAll(run.traceMessages());
                }
                usage = usage.plus(run.usage());
                turns += run.turns();
                limitReached |= run.limitReached();
                actualModel = run.actualModel() != null ? run.actualModel() : actualModel;
            }
            AgentResult last = all.get(all.size() - 1);
            return new AgentResult(last.finalResponse(), AgentTrace.raw(trace), trace, usage, turns, limitReached, null, actualModel);
        }

        private static boolean startsWith(List<Message> trace, List<Message> prefix) {
            return trace.size() >= prefix.size() && trace.subList(0, prefix.size()).equals(prefix);
        }
    }
}
