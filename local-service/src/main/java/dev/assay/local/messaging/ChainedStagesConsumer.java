package dev.assay.local.messaging;

import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.config.RecordLimits;
import dev.assay.core.messaging.RecordFitter;
import dev.assay.core.messaging.StageDrain;
import dev.assay.core.messaging.StageRecords;
import dev.assay.generation.RunStages;
import dev.assay.generation.StageSighting;
import dev.assay.generation.messaging.JobConsumer;
import dev.assay.generation.messaging.ResultConsumer;
import dev.assay.generation.service.StageSightings;
import dev.assay.parsing.messaging.AnswersConsumer;
import dev.assay.rubric.messaging.ParsedConsumer;
import dev.assay.stage.generation.GenerationStage;
import dev.assay.stage.parsing.ParsingStage;
import dev.assay.stage.rubric.RubricStage;
import dev.assay.common.json.Json;
import io.opentelemetry.context.Context;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.TracingMetadata;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * local-service's consumer of {@code assay.jobs}: each job passes the three stages and the result store
 * in one go, on its own virtual thread (docs/development.md, "The local stack"). In one process the
 * answers, parsed and results topics between the stages only cost CPU (each record encoded, written,
 * fetched and decoded, the answers and parses twice, for the next stage and for the progress), which a
 * workstation's two cores then spend instead of waiting on the models; the deployed services keep
 * them, so each stage scales on its own.
 *
 * <p>The rest is as when deployed: the same stage libraries, metrics and spans per stage (the
 * generation stage's time includes the stages after it), the run's progress per stage (recorded here
 * instead of by the progress consumers, which see nothing of these jobs), results stored by the
 * store's own rule (waiting out a database outage), and the job acknowledged only once every result
 * is committed. A job whose parsing, rubric stage or store throws goes to the dead-letter topic whole
 * (deployed, its answer, parse or result would), so replaying it asks the models again. The answers,
 * parsed and progress consumers are not opened locally (application.properties): nothing else reaches
 * those topics in the local stack. The store's consumer of assay.results stays, for results other producers
 * publish there.
 *
 * <p>Every finished result is published on {@code assay.results} once stored, as the deployed rubric
 * service publishes it (docs/messaging.md: the public results topic), marked with
 * {@link ResultConsumer#STORED_HEADER} so the store's own consumer passes it over instead of storing it again.
 */
@ApplicationScoped
public class ChainedStagesConsumer {

    /** At most this long a result waits for its progress to be recorded (a batch is written every 50 ms). */
    private static final Duration SIGHTING_WAIT = Duration.ofSeconds(5);

    private final GenerationStage generation;
    private final ParsingStage parsing;
    private final RubricStage rubric;
    private final ResultConsumer store;
    private final StageRecords records;
    private final StageSightings sightings;
    private final MutinyEmitter<String> published;
    private final int maxValueBytes;
    private final StageDrain drain;

    public ChainedStagesConsumer(GenerationStage generation, ParsingStage parsing, RubricStage rubric,
                                 ResultConsumer store, StageRecords records, StageSightings sightings,
                                 @Channel("results-published") MutinyEmitter<String> published, RecordLimits limits,
                                 StageDrain drain) {
        this.drain = drain;
        this.generation = generation;
        this.parsing = parsing;
        this.rubric = rubric;
        this.store = store;
        this.records = records;
        this.sightings = sightings;
        this.published = published;
        this.maxValueBytes = limits.maxValueBytes();
    }

    @Incoming("jobs")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        // the generation stage's delivery rule; its "output" is parsed, scored and published here
        return records.handle(record, JobConsumer.SPEC, job -> List.of(generation.process(job)), this::parseAndScore);
    }

    private void parseAndScore(AnsweredJob answered) {
        List<CompletableFuture<Void>> sighted = new ArrayList<>();
        sighted.add(sightings.recordSoon(new StageSighting(answered.runId(), RunStages.GENERATION, answered.jobId(),
                JobConsumer.SPEC.failed().test(answered))));
        List<ParsedJob> parsed = records.within(AnswersConsumer.SPEC, answered, job -> AnswersConsumer.parse(parsing, job));
        for (ParsedJob one : parsed) {
            sighted.add(sightings.recordSoon(new StageSighting(one.runId(), RunStages.PARSING, one.resultId(),
                    AnswersConsumer.SPEC.failed().test(one))));
        }
        List<VerificationResult> results = new ArrayList<>();
        for (ParsedJob one : parsed) {
            results.addAll(records.within(ParsedConsumer.SPEC, one, job -> List.of(rubric.process(job))));
        }
        // a result is stored only once the stages it passed are counted, so a run is never completed with
        // stage counts behind it (its completion event ends the streams)
        awaitSighted(sighted);
        if (drain.handledRecordAbandoned()) {
            // stopping, and this job needed a model call that was refused (or the drain's time ran out): what it
            // has is not stored, nor is the job acknowledged (StageDrain); a retry redoes it
            throw new IllegalStateException("shutting down: the job is abandoned before its results are stored");
        }
        for (VerificationResult result : results) {
            records.within(ResultConsumer.SPEC, result, finished -> {
                store.storeWhenAvailable(finished);
                publish(finished);
                return List.of(finished);
            });
        }
    }

    /**
     * Publishes a stored result on assay.results, keyed by its id, and waits for the broker's acknowledgement;
     * a result larger than the record limit is published cut to fit, with a caveat (docs/messaging.md, "Record
     * sizes"), while the store keeps it whole.
     */
    private void publish(VerificationResult result) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(ResultConsumer.STORED_HEADER, "true".getBytes(StandardCharsets.UTF_8));
        published.sendMessageAndAwait(Message.of(RecordFitter.fit(Json.write(result), maxValueBytes))
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(result.resultId()).withHeaders(headers).build())
                .addMetadata(TracingMetadata.withCurrent(Context.current())));
    }

    private static void awaitSighted(List<CompletableFuture<Void>> sighted) {
        try {
            CompletableFuture.allOf(sighted.toArray(CompletableFuture[]::new)).get(SIGHTING_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the progress is a view: a result is never held back for it
        }
    }
}
