package dev.assay.generation.messaging;

import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.core.messaging.StageRecords;
import dev.assay.stage.generation.GenerationStage;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Consumes {@code assay.jobs} and publishes each job's answer on {@code assay.answers}, keyed by
 * {@code job_id} (docs/messaging.md). Each record runs on its own virtual thread; it is acked only
 * once the broker has acknowledged its answer, so the offset is never committed ahead of the output.
 */
@ApplicationScoped
public class JobConsumer {

    private static final Logger LOG = Logger.getLogger(JobConsumer.class);

    /** Also the generation stage of local-service's chained consumer. */
    public static final StageRecords.Spec<VerificationJob, AnsweredJob> SPEC = new StageRecords.Spec<>(
            "generation", VerificationJob.class, AnsweredJob::jobId, answered -> !answered.generation().succeeded(), LOG);

    private final GenerationStage stage;
    private final MutinyEmitter<String> answers;
    private final StageRecords records;

    public JobConsumer(GenerationStage stage, @Channel("answers-out") MutinyEmitter<String> answers, StageRecords records) {
        this.stage = stage;
        this.answers = answers;
        this.records = records;
    }

    @Incoming("jobs")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        return records.handle(record, SPEC, job -> List.of(stage.process(job)), answers);
    }
}
