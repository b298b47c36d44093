package dev.assay.rubric.messaging;

import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.messaging.StageRecords;
import dev.assay.stage.rubric.RubricStage;
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
 * Consumes {@code assay.parsed} and publishes the finished result on {@code assay.results}, keyed
 * by {@code result_id} (docs/messaging.md). Each record runs on its own virtual thread; it is acked
 * only once the broker has acknowledged the result.
 */
@ApplicationScoped
public class ParsedConsumer {

    private static final Logger LOG = Logger.getLogger(ParsedConsumer.class);

    /** A result "failed" here when the rubric stage itself failed it (earlier failures are counted where they happened). */
    public static final StageRecords.Spec<ParsedJob, VerificationResult> SPEC = new StageRecords.Spec<>(
            "rubric", ParsedJob.class, VerificationResult::resultId,
            result -> result.failure() != null && result.failure().stage() == Stage.RUBRIC, LOG);

    private final RubricStage stage;
    private final MutinyEmitter<String> results;
    private final StageRecords records;

    public ParsedConsumer(RubricStage stage, @Channel("results-out") MutinyEmitter<String> results, StageRecords records) {
        this.stage = stage;
        this.results = results;
        this.records = records;
    }

    @Incoming("parsed")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        return records.handle(record, SPEC, parsed -> List.of(stage.process(parsed)), results);
    }
}
