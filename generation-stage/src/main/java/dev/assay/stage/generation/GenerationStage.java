package dev.assay.stage.generation;

import dev.assay.core.cache.CacheScope;
import dev.assay.core.session.ModelSession;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.run.RunOutput;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.llm.ModelGateway;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generation stage: asks the answering model the job's question and returns the job with
 * its answer: one call for a plain question, one per filled variable for a multi-variable prompt,
 * and all of that per run for a multi-run prompt ({@link PromptRuns}). It never throws and never drops a job: a failed call, or anything unexpected,
 * becomes a {@link GenerationOutcome} with a failure, which the later stages carry to the result.
 */
@ApplicationScoped
public class GenerationStage {

    private static final Logger LOG = Logger.getLogger(GenerationStage.class);

    private final ModelGateway gateway;
    private final AgentAnswers agents;

    public GenerationStage(ModelGateway gateway, ToolConnector tools) {
        this.gateway = gateway;
        this.agents = new AgentAnswers(tools);
    }

    public AnsweredJob process(VerificationJob job) {
        return AnsweredJob.of(job, generate(job));
    }

    private GenerationOutcome generate(VerificationJob job) {
        ModelConfig model = job.answeringModel();
        if (model.isManual()) {
            return manual(job);
        }
        ModelSession session = new ModelSession(gateway, Stage.GENERATION, model, job.settings().promptConfig(),
                CacheScope.of(job));
        if (model.isAgent()) {
            return agents.answer(job, session);
        }
        Map<String, String> variables = new LinkedHashMap<>();
        List<RunOutput> outputs = new ArrayList<>();
        try {
            PortCapabilities capabilities = session.capabilities();
            ModelTurn turn = new ModelTurn() {
                @Override
                public Completion complete(List<Message> messages) {
                    return complete(messages, null);
                }

                @Override
                public Completion complete(List<Message> messages, String sample) {
                    return session.complete(PromptTask.GENERATION, messages, sample);
                }
            };
            String response = new PromptRuns(new ConversationLoop(turn), job, capabilities).answer(variables, outputs);
            return new GenerationOutcome(response, session.calls(), session.usage(), session.elapsedMillis(), null,
                    job.question().prompt() != null ? variables : null, outputs);
        } catch (ModelCallException e) {
            // The session recorded this call's attempts already, after every call before it.
            return failed(session, e.toFailure(Stage.GENERATION), variables, outputs);
        } catch (RuntimeException e) {
            LOG.errorf(e, "generation of job %s (run %s) failed unexpectedly", job.jobId(), job.runId());
            return failed(session, Failure.unexpected(Stage.GENERATION, e), variables, outputs);
        }
    }

    /** No answer, but everything that was said before the failure, for the record. */
    private static GenerationOutcome failed(ModelSession session, Failure failure, Map<String, String> variables, List<RunOutput> outputs) {
        return new GenerationOutcome("", session.calls(), session.usage(), session.elapsedMillis(), failure, variables, outputs);
    }

    /** A manual answering model answers with the text given in the run: no call, nothing to record. */
    private static GenerationOutcome manual(VerificationJob job) {
        if (job.manualAnswer() == null) {
            // The REST API never plans such a job; a producer publishing straight to assay.jobs might.
            return new GenerationOutcome("", List.of(), UsageMetadata.EMPTY, 0, new Failure(FailureCategory.SYSTEM, Stage.GENERATION,
                    "the answering model is manual but the job carries no manual_answer", null));
        }
        if (job.manualTrace() != null) {
            // a recorded agent run: the parsing stage's trace guards check it as they check a live one
            return new GenerationOutcome(job.manualAnswer(), List.of(), UsageMetadata.EMPTY, 0, null, null, null,
                    ManualTraces.result(job.manualAnswer(), job.manualTrace()));
        }
        // Recorded variables and outputs (an imported LVE instance) are what expression traits read.
        return new GenerationOutcome(job.manualAnswer(), List.of(), UsageMetadata.EMPTY, 0, null, job.manualVariables(),
                job.manualOutputs());
    }
}
