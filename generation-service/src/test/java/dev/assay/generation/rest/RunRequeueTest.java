package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.run.CacheMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * POST /api/runs/{id}/retry and /extend against the real broker and database: a retry queues again
 * exactly the jobs (and judges) whose results errored or are missing, the retried results replace
 * their rows and the run completes again with the right counts; an extension queues only what it adds.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunRequeueTest {

    @Test
    void aRetryQueuesOnlyTheErroredAndMissingResultsAndTheRunCompletesAgain() throws Exception {
        String runId = RunQueryTest.submit();
        List<VerificationJob> jobs = TestRuns.jobs(runId);
        awaitJobs(runId, 4);
        // de × gpt-4o-mini: judge-1 errored, claude-judge missing; fr × gpt-4o-mini: claude-judge missing
        for (VerificationJob job : jobs) {
            for (ModelConfig judge : job.judges()) {
                boolean mini = job.answeringModel().model().equals("gpt-4o-mini");
                boolean claude = judge.model().equals("claude-judge");
                if (mini && claude) {
                    continue;
                }
                boolean error = mini && job.question().id().equals("de");
                publish(TestRuns.result(job, judge, error ? Outcome.ERROR : Outcome.PASSED));
            }
        }
        awaitDone(runId, 6);
        given().get("/api/runs/" + runId).then().body("status", equalTo("running")).body("counts.failed", equalTo(1));

        given().post("/api/runs/" + runId + "/retry").then().log().ifValidationFails().statusCode(202)
                .body("run_id", equalTo(runId))
                .body("status", equalTo("running"))
                .body("queued_jobs", equalTo(2))
                .body("queued_results", equalTo(3))
                .body("jobs", equalTo(4))
                .body("expected_results", equalTo(8));
        // the errored result is pending again but stays readable until its retry replaces it
        given().get("/api/runs/" + runId).then().body("counts.done", equalTo(5)).body("counts.pending", equalTo(3))
                .body("counts.failed", equalTo(0));
        given().get("/api/runs/" + runId + "/results?verdict=error").then().body("total", equalTo(1));

        Map<String, List<List<String>>> queued = judgesQueued(runId, 6);
        assertThat(queued.values().stream().mapToInt(List::size).sum()).as("the 4 jobs, then 2 again").isEqualTo(6);
        for (VerificationJob job : jobs) {
            boolean mini = job.answeringModel().model().equals("gpt-4o-mini");
            List<List<String>> times = queued.get(job.jobId());
            if (!mini) {
                assertThat(times).as("a job with every result stored is not queued again").hasSize(1);
            } else if (job.question().id().equals("de")) {
                assertThat(times).hasSize(2);
                assertThat(times.get(1)).containsExactly("openai:judge-1", "anthropic:claude-judge");
            } else {
                assertThat(times).hasSize(2);
                assertThat(times.get(1)).as("only the judge whose result is missing").containsExactly("anthropic:claude-judge");
            }
        }

        for (VerificationJob job : jobs) {
            if (job.answeringModel().model().equals("gpt-4o-mini")) {
                for (ModelConfig judge : job.judges()) {
                    if (job.question().id().equals("de") || judge.model().equals("claude-judge")) {
                        publish(TestRuns.result(job, judge, Outcome.PASSED));
                    }
                }
            }
        }
        awaitStatus(runId, "completed");
        given().get("/api/runs/" + runId).then()
                .body("counts.done", equalTo(8)).body("counts.pending", equalTo(0)).body("counts.failed", equalTo(0))
                .body("counts.by_status.passed", equalTo(8));
        given().get("/api/runs/" + runId + "/results?size=100").then().body("total", equalTo(8))
                .body("results.status", org.hamcrest.Matchers.everyItem(equalTo("passed")));

        // nothing left to do: the run stays completed
        given().post("/api/runs/" + runId + "/retry").then().statusCode(202)
                .body("queued_jobs", equalTo(0)).body("status", equalTo("completed"));
    }

    @Test
    void anExtensionQueuesOnlyTheNewJudgeAndReplicates() {
        String runId = RunQueryTest.submit();
        awaitJobs(runId, 4);
        TestRuns.allResults(runId, Outcome.PASSED).forEach(RunRequeueTest::publish);
        awaitStatus(runId, "completed");

        String additions = """
                {"judges": [{"interface": "openai", "model": "judge-3", "base_url": "http://127.0.0.1:9/v1"}], "replicates": 2}
                """;
        given().contentType(ContentType.JSON).body(additions).post("/api/runs/" + runId + "/extend")
                .then().log().ifValidationFails().statusCode(202)
                .body("status", equalTo("running"))
                // the new judge on the 4 jobs there were, and 4 new replicate jobs with all three judges
                .body("queued_jobs", equalTo(8))
                .body("queued_results", equalTo(4 + 4 * 3))
                .body("judges", hasItem("openai:judge-3"))
                .body("replicates", equalTo(2))
                .body("jobs", equalTo(8))
                .body("expected_results", equalTo(24));
        given().get("/api/runs/" + runId).then().body("counts.expected", equalTo(24)).body("counts.done", equalTo(8))
                .body("status", equalTo("running"));

        Map<String, List<List<String>>> queued = judgesQueued(runId, 12);
        for (VerificationJob job : TestRuns.jobs(runId)) {
            assertThat(queued.get(job.jobId())).as("an old job again, for the new judge only")
                    .containsExactly(List.of("openai:judge-1", "anthropic:claude-judge"), List.of("openai:judge-3"));
        }
        assertThat(queued).hasSize(8);

        // the extended config is the run's now: the same additions again add nothing
        given().contentType(ContentType.JSON).body(additions).post("/api/runs/" + runId + "/extend")
                .then().statusCode(400).body("errors[0]", containsString("judges"));
    }

    @Test
    void aRetryOrAnExtensionWithCacheOffQueuesJobsThatCallEveryModel() {
        String runId = RunQueryTest.submit();
        awaitJobs(runId, 4);
        given().post("/api/runs/" + runId + "/retry?cache=of").then().statusCode(400)
                .body("errors[0]", allOf(containsString("cache: "), containsString("\"of\""), containsString("off")));
        given().post("/api/runs/" + runId + "/retry?cache=off").then().log().ifValidationFails().statusCode(202)
                .body("queued_jobs", equalTo(4));
        given().contentType(ContentType.JSON).body("{\"replicates\": 2}").post("/api/runs/" + runId + "/extend?cache=off")
                .then().log().ifValidationFails().statusCode(202).body("queued_jobs", equalTo(4));
        given().contentType(ContentType.JSON).body("{\"replicates\": 3}").post("/api/runs/" + runId + "/extend")
                .then().statusCode(202);

        List<VerificationJob> queued = KafkaClients.read(Topics.JOBS, record -> record.value().contains("\"run_id\":\"" + runId + "\""),
                16, Duration.ofSeconds(30)).stream().map(record -> Json.read(record.value(), VerificationJob.class)).toList();
        // the records of the partitions come in no one order: told apart by replicate and counted
        Map<Integer, List<CacheMode>> modes = new HashMap<>();
        queued.forEach(job -> modes.computeIfAbsent(job.replicate(), r -> new java.util.ArrayList<>()).add(job.settings().effectiveCache()));
        assertThat(modes.get(1)).as("as submitted, then retried with cache=off").containsExactlyInAnyOrder(
                CacheMode.READ_WRITE, CacheMode.READ_WRITE, CacheMode.READ_WRITE, CacheMode.READ_WRITE,
                CacheMode.OFF, CacheMode.OFF, CacheMode.OFF, CacheMode.OFF);
        assertThat(modes.get(2)).as("the extension with cache=off").containsOnly(CacheMode.OFF).hasSize(4);
        assertThat(modes.get(3)).as("a later extension: the run's config kept its own mode").containsOnly(CacheMode.READ_WRITE).hasSize(4);
    }

    @Test
    void twoExtensionsAtOnceBothCount() throws Exception {
        String runId = RunQueryTest.submit();
        awaitJobs(runId, 4);
        TestRuns.allResults(runId, Outcome.PASSED).forEach(RunRequeueTest::publish);
        awaitStatus(runId, "completed");

        // hold the run's requeue lock as another replica planning would: both extensions must wait
        // for it, then plan one after the other (without the lock the later write drops the earlier's judge)
        List<String> judges = List.of("judge-3", "judge-4");
        List<java.util.concurrent.CompletableFuture<Integer>> answers;
        try (java.sql.Connection held = PostgresResource.dataSource().getConnection()) {
            held.setAutoCommit(false);
            try (var lock = held.prepareStatement("SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext(?))) AS locked")) {
                lock.setString(1, "requeue:" + runId);
                lock.executeQuery().close();
            }
            answers = judges.stream()
                    .map(judge -> java.util.concurrent.CompletableFuture.supplyAsync(() -> given().contentType(ContentType.JSON)
                            .body("{\"judges\": [{\"interface\": \"openai\", \"model\": \"" + judge
                                    + "\", \"base_url\": \"http://127.0.0.1:9/v1\"}]}")
                            .post("/api/runs/" + runId + "/extend").statusCode(), runnable -> new Thread(runnable).start()))
                    .toList();
            Eventually.await(Duration.ofSeconds(30), () -> waitingForAdvisoryLocks(held), waiting -> waiting == 2,
                    "both extensions to wait for the run's requeue lock");
            held.commit();
        }
        for (var answer : answers) {
            assertThat(answer.get()).isEqualTo(202);
        }
        // 4 jobs × (2 judges + 2 added) — and each added judge queued once, on every job
        given().get("/api/runs/" + runId).then().body("counts.expected", equalTo(16));
        Map<String, List<List<String>>> queued = judgesQueued(runId, 12);
        for (List<List<String>> times : queued.values()) {
            assertThat(times.subList(1, times.size())).containsExactlyInAnyOrder(List.of("openai:judge-3"), List.of("openai:judge-4"));
        }
    }

    @Test
    void badExtensionsAndUnknownRunsAreRefusedClearly() {
        String runId = RunQueryTest.submit();
        given().contentType(ContentType.JSON).body("{\"judge\": []}").post("/api/runs/" + runId + "/extend")
                .then().statusCode(400).body("errors[0]", containsString("unknown field \"judge\""))
                .body("errors[0]", containsString("judges"));
        given().contentType(ContentType.JSON).body("{\"replicates\": 0}").post("/api/runs/" + runId + "/extend")
                .then().statusCode(400).body("errors[0]", containsString("replicates: must be a whole number of at least the run's 1"));
        given().contentType(ContentType.JSON).body("{\"answering_models\": [{\"interface\": \"openai\"}]}")
                .post("/api/runs/" + runId + "/extend")
                .then().statusCode(400).body("errors[0]", containsString("config.answering_models[2]"));
        given().post("/api/runs/no-such-run/retry").then().statusCode(404);

        // a run first seen on assay.results has no benchmark or config here
        String kafkaRun = "kafka-" + UUID.randomUUID();
        VerificationJob job = TestRuns.jobs(kafkaRun).getFirst();
        publish(TestRuns.result(job, job.judges().getFirst(), Outcome.PASSED));
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + kafkaRun).statusCode(), code -> code == 200,
                "the Kafka-first run to be registered");
        given().post("/api/runs/" + kafkaRun + "/retry").then().statusCode(409)
                .body("errors[0]", containsString("first seen as results on assay.results"));
    }

    private static long waitingForAdvisoryLocks(java.sql.Connection connection) {
        try (var query = connection.createStatement();
             var rows = query.executeQuery("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")) {
            rows.next();
            return rows.getLong(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void publish(VerificationResult result) {
        KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
    }

    private static void awaitJobs(String runId, int count) {
        judgesQueued(runId, count);
    }

    /** Each job id of the run on assay.jobs, with the judges of each time it was queued, in order. */
    private static Map<String, List<List<String>>> judgesQueued(String runId, int count) {
        List<ConsumerRecord<String, String>> records = KafkaClients.read(Topics.JOBS,
                record -> record.value().contains("\"run_id\":\"" + runId + "\""), count, Duration.ofSeconds(30));
        Map<String, List<List<String>>> queued = new HashMap<>();
        for (ConsumerRecord<String, String> record : records) {
            VerificationJob job = Json.read(record.value(), VerificationJob.class);
            queued.computeIfAbsent(job.jobId(), id -> new java.util.ArrayList<>())
                    .add(job.judges().stream().map(ModelConfig::canonicalKey).toList());
        }
        assertThat(queued.values().stream().mapToInt(List::size).sum()).isEqualTo(count);
        return queued;
    }

    private static void awaitDone(String runId, int done) {
        Eventually.await(Duration.ofSeconds(30), () -> JsonPath.from(given().get("/api/runs/" + runId).asString()).getInt("counts.done"),
                n -> n == done, "run " + runId + " to have " + done + " results");
    }

    private static void awaitStatus(String runId, String status) {
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + runId).jsonPath().getString("status"),
                status::equals, "run " + runId + " to be " + status);
    }
}
