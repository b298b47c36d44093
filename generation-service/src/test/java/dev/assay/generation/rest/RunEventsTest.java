package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.testsupport.Eventually;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.SseClient;
import dev.assay.generation.SseClient.Event;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.generation.service.RunEvents;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.time.Duration;
import java.util.List;

/** GET /api/runs/{id}/events: a snapshot first, a progress event per stored result, then completed and the end of the stream. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TestHTTPResource("/api/runs")
    URL runs;

    @Inject
    RunEvents events;

    @Test
    void aClientSeesTheSnapshotThenEachStoredResultThenCompleted() throws Exception {
        String runId = RunQueryTest.submit();
        List<VerificationResult> results = TestRuns.allResults(runId, Outcome.PASSED);
        try (SseClient client = new SseClient(runs + "/" + runId + "/events")) {
            assertThat(client.status()).isEqualTo(200);
            Event snapshot = client.next(WAIT);
            System.out.println("SSE snapshot:\n" + snapshot.raw());
            assertThat(snapshot.name()).isEqualTo("snapshot");
            assertThat(snapshot.data().at("/run/status").asText()).isEqualTo("queued");
            assertThat(snapshot.data().at("/run/counts/done").asLong()).isZero();

            for (VerificationResult result : results) {
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
            }
            List<Event> rest = client.untilEnd(WAIT);
            rest.stream().limit(1).forEach(event -> System.out.println("SSE first progress:\n" + event.raw()));
            System.out.println("SSE last:\n" + rest.get(rest.size() - 1).raw());

            // one progress event naming each stored result (a poll may add one without a result, never fewer)
            List<Event> perResult = rest.stream().filter(event -> event.data().has("result")).toList();
            assertThat(perResult).extracting(Event::name).containsOnly("progress");
            assertThat(perResult.stream().map(event -> event.data().at("/result/result_id").asText()).toList())
                    .containsExactlyInAnyOrderElementsOf(results.stream().map(VerificationResult::resultId).toList());
            // counts only go up
            List<Long> done = rest.stream().map(event -> event.data().at("/run/counts/done").asLong()).toList();
            assertThat(done).isSorted();

            Event last = rest.get(rest.size() - 1);
            assertThat(last.name()).isEqualTo("completed");
            assertThat(last.data().at("/run/status").asText()).isEqualTo("completed");
            assertThat(last.data().at("/run/counts/done").asLong()).isEqualTo(8);
            assertThat(last.data().at("/run/counts/by_status/passed").asLong()).isEqualTo(8);
            assertThat(rest.stream().filter(event -> event.name().equals("completed"))).hasSize(1);
            assertThat(client.ended()).as("the server closes the stream after completed").isTrue();
        }
    }

    /** results=false: counts only, one progress event per read of the run, still ended by completed. */
    @Test
    void aCountsOnlyStreamGetsNoEventPerResultAndStillEndsWithCompleted() throws Exception {
        String runId = RunQueryTest.submit();
        List<VerificationResult> results = TestRuns.allResults(runId, Outcome.PASSED);
        try (SseClient each = new SseClient(runs + "/" + runId + "/events");
             SseClient counts = new SseClient(runs + "/" + runId + "/events?results=false")) {
            assertThat(counts.status()).isEqualTo(200);
            assertThat(each.next(WAIT).name()).isEqualTo("snapshot");
            assertThat(counts.next(WAIT).name()).isEqualTo("snapshot");

            for (VerificationResult result : results) {
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
            }
            List<Event> perResult = each.untilEnd(WAIT);
            List<Event> countsOnly = counts.untilEnd(WAIT);

            assertThat(countsOnly).noneMatch(event -> event.data().has("result"));
            assertThat(countsOnly.stream().map(event -> event.data().at("/run/counts/done").asLong()).toList()).isSorted();
            // each read of the run is one event here and at least one on the other stream
            assertThat(countsOnly.stream().filter(event -> event.name().equals("progress")).count())
                    .isLessThanOrEqualTo(perResult.stream().filter(event -> event.name().equals("progress")).count());
            Event last = countsOnly.get(countsOnly.size() - 1);
            assertThat(last.name()).isEqualTo("completed");
            assertThat(last.data().at("/run/counts/done").asLong()).isEqualTo(8);
            assertThat(counts.ended()).isTrue();
        }
    }

    @Test
    void aClientConnectingAfterTheEndGetsTheSnapshotAndCompletedAtOnce() throws Exception {
        String runId = RunQueryTest.submit();
        for (VerificationResult result : TestRuns.allResults(runId, Outcome.FAILED)) {
            KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
        }
        Eventually.await(WAIT, () -> given().get("/api/runs/" + runId).jsonPath().getString("status"),
                "completed"::equals, "run to complete");
        try (SseClient client = new SseClient(runs + "/" + runId + "/events")) {
            List<Event> events = client.untilEnd(WAIT);
            assertThat(events).extracting(Event::name).containsExactly("snapshot", "completed");
            assertThat(events.get(0).data().at("/run/counts/by_status/failed").asLong()).isEqualTo(8);
        }
    }

    @Test
    void aRunFirstSeenOnKafkaStreamsProgressWithoutAnExpectedCount() throws Exception {
        String runId = "kafka-run-" + System.nanoTime();
        List<VerificationResult> results = TestRuns.allResults(runId, Outcome.PASSED);
        KafkaClients.publish(Topics.RESULTS, results.get(0).resultId(), Json.write(results.get(0)));
        Eventually.await(WAIT, () -> given().get("/api/runs/" + runId).statusCode(), status -> status == 200,
                "the run to be registered by its first result");
        try (SseClient client = new SseClient(runs + "/" + runId + "/events")) {
            Event snapshot = client.next(WAIT);
            assertThat(snapshot.name()).isEqualTo("snapshot");
            assertThat(snapshot.data().at("/run/status").asText()).isEqualTo("running");
            assertThat(snapshot.data().at("/run/counts/expected").isNull()).isTrue();
            KafkaClients.publish(Topics.RESULTS, results.get(1).resultId(), Json.write(results.get(1)));
            Event progress = client.next(WAIT);
            assertThat(progress.name()).isEqualTo("progress");
            assertThat(progress.data().at("/run/counts/done").asLong()).isEqualTo(2);
            assertThat(client.ended()).as("no expected count, so never completed").isFalse();
        }
    }

    @Test
    void progressEventsCountTheRecordsThatLeftEachStage() throws Exception {
        String runId = "kafka-stages-" + System.nanoTime();
        List<VerificationResult> results = TestRuns.allResults(runId, Outcome.PASSED);
        KafkaClients.publish(Topics.RESULTS, results.get(0).resultId(), Json.write(results.get(0)));
        Eventually.await(WAIT, () -> given().get("/api/runs/" + runId).statusCode(), status -> status == 200,
                "the run to be registered by its first result");
        try (SseClient client = new SseClient(runs + "/" + runId + "/events")) {
            Event snapshot = client.next(WAIT);
            assertThat(snapshot.data().at("/stages/rubric/done").asLong()).isEqualTo(1);
            // two jobs answered, one of them with a failure, one delivered twice; one judge's parse
            // (only the ids and the outcome's failure are read: the rest of a record is not needed)
            KafkaClients.publish(Topics.ANSWERS, "j1", answer(runId, "j1", null));
            KafkaClients.publish(Topics.ANSWERS, "j2", answer(runId, "j2", "{\"category\":\"retry\",\"stage\":\"generation\",\"reason\":\"HTTP 500\"}"));
            KafkaClients.publish(Topics.ANSWERS, "j1", answer(runId, "j1", null));
            KafkaClients.publish(Topics.PARSED, "r1", """
                    {"schema_version":1,"run_id":"%s","job_id":"j1","result_id":"r1","answered":{"generation":{"failure":{"reason":"not this one"}}},
                     "parsing":{"parsed":{"city":"Paris"},"failure":null}}""".formatted(runId));
            Event last = snapshot;
            for (Event event = client.next(WAIT); event != null; event = client.next(WAIT)) {
                last = event;
                if (event.data().at("/stages/generation/done").asLong() == 2 && event.data().at("/stages/parsing/done").asLong() == 1) {
                    break;
                }
            }
            assertThat(last.name()).isEqualTo("progress");
            assertThat(last.data().at("/stages/generation/done").asLong()).isEqualTo(2);
            assertThat(last.data().at("/stages/generation/failed").asLong()).isEqualTo(1);
            assertThat(last.data().at("/stages/parsing/done").asLong()).isEqualTo(1);
            assertThat(last.data().at("/stages/parsing/failed").asLong()).as("the answer's failure is not the parse's").isZero();
            assertThat(last.data().at("/stages/rubric/done").asLong()).isEqualTo(1);
            assertThat(last.data().at("/stages/generation/expected").isNull()).as("a run first seen on Kafka has no expected count").isTrue();
        }
    }

    private static String answer(String runId, String jobId, String failure) {
        return """
                {"schema_version":1,"run_id":"%s","job_id":"%s","job":{"question":{"id":"q","text":"What?"}},
                 "generation":{"response":"Paris","calls":[{"messages":[]}],"failure":%s}}""".formatted(runId, jobId, failure);
    }

    @Test
    void aStreamIsDroppedWhenItsClientLeaves() throws Exception {
        String runId = RunQueryTest.submit();
        SseClient client = new SseClient(runs + "/" + runId + "/events");
        assertThat(client.next(WAIT).name()).isEqualTo("snapshot");
        assertThat(events.openStreams()).isGreaterThanOrEqualTo(1);
        client.close();
        // the poller finds the closed connection and forgets it
        Eventually.await(WAIT, events::openStreams, open -> open == 0, "the stream to be dropped");
    }
}
