package dev.assay.generation.service;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * The generation stage: asks the answering model the job's question and returns the job with
 * its answer. It never throws and never drops a job: a failed call, or anything unexpected,
 * becomes a {@link GenerationOutcome} with a failure, which the later stages carry to the result.
 */
@ApplicationScoped
public class GenerationStage {

    private static final Logger LOG = Logger.getLogger(GenerationStage.class);

    private final ModelGateway gateway;

    public GenerationStage(ModelGateway gateway) {
        this.gateway = gateway;
    }

    public AnsweredJob process(VerificationJob job) {
        return AnsweredJob.of(job, generate(job));
    }

    private GenerationOutcome generate(VerificationJob job) {
        ModelConfig model = job.answeringModel();
        if (model.isManual()) {
            return manual(job);
        }
        long started = System.nanoTime();
        try {
            List<Message> messages = GenerationPrompt.messages(job, gateway.capabilities(model));
            Completion completion = gateway.complete(model, Stage.GENERATION, PromptTask.GENERATION, messages);
            return new GenerationOutcome(completion.content(), completion.calls(), completion.usage(), millisSince(started), null);
        } catch (ModelCallException e) {
            return new GenerationOutcome("", e.calls(), e.usage(), millisSince(started), e.toFailure(Stage.GENERATION));
        } catch (PortException e) {
            // No port could be made for the model (e.g. an interface this service has no adapter for): no call was made.
            Failure failure = new ModelCallException(e, List.of()).toFailure(Stage.GENERATION);
            return new GenerationOutcome("", List.of(), UsageMetadata.EMPTY, millisSince(started), failure);
        } catch (RuntimeException e) {
            LOG.errorf(e, "generation of job %s (run %s) failed unexpectedly", job.jobId(), job.runId());
            Failure failure = new Failure(FailureCategory.SYSTEM, Stage.GENERATION,
                    "unexpected " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), null);
            return new GenerationOutcome("", List.of(), UsageMetadata.EMPTY, millisSince(started), failure);
        }
    }

    /** A manual answering model answers with the text given in the run: no call, nothing to record. */
    private static GenerationOutcome manual(VerificationJob job) {
        if (job.manualAnswer() == null) {
            // The REST API never plans such a job; a producer publishing straight to assay.jobs might.
            return new GenerationOutcome("", List.of(), UsageMetadata.EMPTY, 0, new Failure(FailureCategory.SYSTEM, Stage.GENERATION,
                    "the answering model is manual but the job carries no manual_answer", null));
        }
        return new GenerationOutcome(job.manualAnswer(), List.of(), UsageMetadata.EMPTY, 0, null);
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
