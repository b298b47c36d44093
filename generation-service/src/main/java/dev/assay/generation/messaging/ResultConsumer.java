package dev.assay.generation.messaging;

import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.messaging.StageRecords;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Consumes {@code assay.results} (group {@code assay-store}) into the result store. A record is
 * acknowledged only once its row is committed (docs/messaging.md).
 *
 * <p>While the database is unavailable, a result waits for it ({@link ResultStoring}), and is neither
 * acknowledged nor dead-lettered meanwhile: the committed offset stays before it, the records in
 * flight stay at the service's bound, and the connector pauses fetching once its queue is full:
 * back-pressure, not loss. Only a result the database refuses for its own sake (a constraint, bad
 * data) goes to {@code assay.dlq}, after {@code assay.store.attempts}, as does one that cannot be
 * decoded. On shutdown a waiting result is abandoned unacknowledged, for the partition's next owner.
 */
@ApplicationScoped
public class ResultConsumer {

    private static final Logger LOG = Logger.getLogger(ResultConsumer.class);

    /** The stage name of the store in metrics and spans (docs/deploy.md, Observability). */
    static final String STAGE = "store";

    /** An output "failed" when the result carries a failure. */
    public static final StageRecords.Spec<VerificationResult, VerificationResult> SPEC = new StageRecords.Spec<>(
            STAGE, VerificationResult.class, VerificationResult::resultId, result -> result.failure() != null, LOG);

    private final StageRecords records;
    private final ResultStoring storing;

    public ResultConsumer(StageRecords records, ResultStoring storing) {
        this.records = records;
        this.storing = storing;
    }

    @Incoming("results")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        // the stages' delivery rule, with the store as the output's destination
        return records.handle(record, SPEC, List::of, storing::storeWhenAvailable);
    }
}
