package dev.assay.parsing.messaging;

import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.core.messaging.StageRecords;
import dev.assay.core.pipeline.UnreadableRecordException;
import dev.assay.stage.parsing.ParsingStage;
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
 * Consumes {@code assay.answers} and publishes one parsed record per judge on {@code assay.parsed},
 * keyed by {@code result_id} (docs/messaging.md). Each record runs on its own virtual thread; it is
 * acked only once the broker has acknowledged every one of its outputs.
 */
@ApplicationScoped
public class AnswersConsumer {

    private static final Logger LOG = Logger.getLogger(AnswersConsumer.class);

    /** An output "failed" when this judge's parsing recorded a failure (a generation failure is counted by generation). */
    public static final StageRecords.Spec<AnsweredJob, ParsedJob> SPEC = new StageRecords.Spec<>(
            "parsing", AnsweredJob.class, ParsedJob::resultId, parsed -> parsed.parsing().failure() != null, LOG);

    private final ParsingStage stage;
    private final MutinyEmitter<String> parsed;
    private final StageRecords records;

    public AnswersConsumer(ParsingStage stage, @Channel("parsed-out") MutinyEmitter<String> parsed, StageRecords records) {
        this.stage = stage;
        this.parsed = parsed;
        this.records = records;
    }

    @Incoming("answers")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        return records.handle(record, SPEC, answered -> parse(stage, answered), parsed);
    }

    /** One parsed record per judge (also local-service's chained consumer's parsing stage). */
    public static List<ParsedJob> parse(ParsingStage stage, AnsweredJob answered) {
        if (answered.job().judges().isEmpty()) {
            // results are per judge: without one, this answer could only vanish silently
            throw new UnreadableRecordException("answered job " + answered.jobId() + " (run " + answered.runId()
                    + ") names no judges, so no result can be made for it");
        }
        return stage.process(answered);
    }
}
