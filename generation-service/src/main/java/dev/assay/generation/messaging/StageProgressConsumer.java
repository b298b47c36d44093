package dev.assay.generation.messaging;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.assay.generation.RunStages;
import dev.assay.generation.StageSighting;
import dev.assay.generation.service.StageSightings;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Watches the stages' output topics ({@code assay.answers}, {@code assay.parsed}) in its own consumer
 * group, {@code assay-progress}, and records which run's records left which stage: a run's
 * progress per stage (docs/api.md, events). Batches of records, one statement each.
 *
 * <p>Only the ids and whether the stage's outcome carries a failure are read, by streaming over the
 * record: an answer carries its prompts and response, which this never builds into objects. The
 * progress is a view: a record it cannot read, or a batch the database refuses, is logged and
 * skipped, never retried or dead-lettered, and never holds a stage back.
 */
@ApplicationScoped
public class StageProgressConsumer {

    private static final Logger LOG = Logger.getLogger(StageProgressConsumer.class);
    private static final JsonFactory JSON = new JsonFactory();

    private final StageSightings sightings;

    public StageProgressConsumer(StageSightings sightings) {
        this.sightings = sightings;
    }

    // The JSON names of the common records' fields this reads (AnsweredJob, ParsedJob, their outcomes'
    // failure): StageProgressConsumerTest reads records those classes wrote, so a rename fails there.
    private static final String RUN_ID = "run_id";
    private static final String JOB_ID = "job_id";
    private static final String RESULT_ID = "result_id";
    private static final String GENERATION = "generation";
    private static final String PARSING = "parsing";
    private static final String FAILURE = "failure";

    @Incoming("answers-progress")
    @RunOnVirtualThread
    public void answers(List<String> records) {
        record(RunStages.GENERATION, records, StageProgressConsumer::readAnswer);
    }

    @Incoming("parsed-progress")
    @RunOnVirtualThread
    public void parsed(List<String> records) {
        record(RunStages.PARSING, records, StageProgressConsumer::readParsed);
    }

    /** An {@code AnsweredJob} on assay.answers: its job, and whether its generation failed. */
    static Optional<StageSighting> readAnswer(String record) {
        return read(RunStages.GENERATION, JOB_ID, GENERATION, record);
    }

    /** A {@code ParsedJob} on assay.parsed: its result (one judge's), and whether that parse failed. */
    static Optional<StageSighting> readParsed(String record) {
        return read(RunStages.PARSING, RESULT_ID, PARSING, record);
    }

    private void record(String stage, List<String> records, Function<String, Optional<StageSighting>> reader) {
        List<StageSighting> seen = new ArrayList<>(records.size());
        for (String record : records) {
            reader.apply(record).ifPresent(seen::add);
        }
        try {
            sightings.record(seen);
        } catch (RuntimeException e) {
            LOG.warnf("progress of stage %s: %d records not recorded (%s); the runs' stage counts stay behind",
                    stage, seen.size(), e.getMessage());
        }
    }

    /** The record's run, id and whether its stage outcome has a failure; empty when it has no ids. */
    private static Optional<StageSighting> read(String stage, String idField, String outcomeField, String record) {
        if (record == null) {
            return Optional.empty();
        }
        String runId = null;
        String recordId = null;
        boolean failed = false;
        try (JsonParser parser = JSON.createParser(record)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals(RUN_ID) && value == JsonToken.VALUE_STRING) {
                    runId = parser.getText();
                } else if (field.equals(idField) && value == JsonToken.VALUE_STRING) {
                    recordId = parser.getText();
                } else if (field.equals(outcomeField) && value == JsonToken.START_OBJECT) {
                    failed = hasFailure(parser);
                } else {
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            LOG.debugf("progress of stage %s: a record that is no JSON object skipped (%s)", stage, e.getMessage());
            return Optional.empty();
        }
        if (runId == null || runId.isBlank() || recordId == null || recordId.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new StageSighting(runId, stage, recordId, failed));
    }

    /** Reads the outcome object to its end; whether it holds a non-null {@code failure}. */
    private static boolean hasFailure(JsonParser parser) throws IOException {
        boolean failed = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if (field.equals(FAILURE) && value != JsonToken.VALUE_NULL) {
                failed = true;
            }
            parser.skipChildren();
        }
        return failed;
    }
}
