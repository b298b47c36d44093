package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
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
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GET /api/runs/{id}/results/changes and /results/ids: a reader following a run while its results
 * arrive, one of them updated by a redelivery after it was read, ends with exactly the stored
 * results, in the pages' order.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunResultChangesTest {

    @Test
    void followingTheChangesEndsWithExactlyTheStoredResultsInThePagesOrder() throws Exception {
        String runId = RunQueryTest.submit();
        List<VerificationResult> results = passedResults(runId);
        assertThat(results).hasSize(8);
        Map<String, JsonNode> held = new LinkedHashMap<>();

        publish(results.subList(0, 5));
        awaitStored(runId, 5);
        // pages of 2: the first round reads all five in three answers
        Read first = readRound(runId, null, held);
        assertThat(first.answers()).isEqualTo(3);
        assertThat(held.keySet()).containsExactlyInAnyOrderElementsOf(ids(results.subList(0, 5)));
        assertThat(held.get(results.getFirst().resultId()).path("status").asText()).isEqualTo("passed");

        // the rest, and the first one again with another verdict (a redelivery of a retried result)
        VerificationJob firstJob = TestRuns.jobs(runId).getFirst();
        VerificationResult redelivered = TestRuns.result(firstJob, firstJob.judges().getFirst(), Outcome.FAILED);
        assertThat(redelivered.resultId()).isEqualTo(results.getFirst().resultId());
        publish(results.subList(5, 8));
        publish(List.of(redelivered));
        Eventually.await(Duration.ofSeconds(30), () -> pages(runId),
                pages -> pages.size() == 8 && pages.stream().anyMatch(r -> r.path("result_id").asText().equals(redelivered.resultId())
                        && r.path("status").asText().equals("failed")),
                "the last three results and the redelivery to be stored");

        Read second = readRound(runId, first.cursor(), held);
        // only what changed since: the three new results and the updated one, not the four others again
        assertThat(second.read()).containsExactlyInAnyOrderElementsOf(
                ids(List.of(results.get(5), results.get(6), results.get(7), redelivered)));

        List<String> order = given().get("/api/runs/" + runId + "/results/ids")
                .then().statusCode(200).extract().jsonPath().getList("result_ids", String.class);
        List<JsonNode> pages = pages(runId);
        assertThat(order).containsExactlyElementsOf(pages.stream().map(r -> r.path("result_id").asText()).toList());
        // every result exactly as the pages give it, the updated one included
        assertThat(order.stream().map(held::get).toList()).containsExactlyElementsOf(pages);

        // nothing changed since: nothing to read
        assertThat(readRound(runId, second.cursor(), held).read()).isEmpty();
    }

    @Test
    void aCursorThisApiDidNotGiveIsA400AndAnUnknownRunA404() {
        String runId = RunQueryTest.submit();
        for (String cursor : List.of("x", "1:2", "5,7", "5;5;", "5;5;7", "5;5;7:", "a;b;c:d")) {
            given().queryParam("since", cursor).when().get("/api/runs/" + runId + "/results/changes")
                    .then().statusCode(400).contentType(ContentType.JSON)
                    .body("errors", contains("since: not a cursor this API gave, got " + cursor));
        }
        given().when().get("/api/runs/" + runId + "/results/changes?size=501")
                .then().statusCode(400).body("errors", contains("size: must be between 1 and 500, got 501"));
        String message = "run \"run-nope\" not found: it was neither submitted here nor has any result been stored for it";
        for (String path : List.of("/api/runs/run-nope/results/changes", "/api/runs/run-nope/results/ids")) {
            given().when().get(path).then().statusCode(404).body("errors", contains(message));
        }
    }

    @Test
    void aRoundWhoseTransactionsCrossAPowerOfTenLosesNothingAcrossItsPages() throws Exception {
        // Transaction ids are numbers: as text 1000 sorts before 99. The pages were ordered by the ids' text while each
        // page went on from the last one by number, so the results of a round whose transactions went from three digits
        // to four (a fresh database's first large run) were skipped whenever a page ended among them.
        String runId = RunQueryTest.submit();
        List<VerificationResult> results = passedResults(runId);
        publish(results);
        awaitStored(runId, results.size());
        long[] writtenBy = {97, 98, 99, 100, 101, 999, 1000, 1001};
        try (Connection connection = PostgresResource.dataSource().getConnection()) {
            connection.setAutoCommit(false);
            try (Statement ddl = connection.createStatement();
                 PreparedStatement set = connection.prepareStatement("UPDATE results SET changed_by = CAST(? AS xid8) WHERE result_id = ?")) {
                // within this transaction only: the trigger would stamp this transaction's own id instead
                ddl.execute("ALTER TABLE results DISABLE TRIGGER results_changed_by");
                for (int i = 0; i < results.size(); i++) {
                    set.setString(1, Long.toString(writtenBy[i]));
                    set.setString(2, results.get(i).resultId());
                    set.addBatch();
                }
                set.executeBatch();
                ddl.execute("ALTER TABLE results ENABLE TRIGGER results_changed_by");
                connection.commit();
            }
        }

        Map<String, JsonNode> held = new LinkedHashMap<>();
        Read round = readRound(runId, null, held);

        assertThat(round.answers()).as("pages of 2").isEqualTo(4);
        assertThat(round.read()).as("in the order of the transactions' numbers, each once").containsExactlyElementsOf(ids(results));
    }

    /** What one round of reads gave: the ids read (in order, repeats kept), how many answers, where the next round starts. */
    private record Read(List<String> read, int answers, String cursor) {
    }

    private static Read readRound(String runId, String cursor, Map<String, JsonNode> held) throws Exception {
        List<String> read = new ArrayList<>();
        int answers = 0;
        boolean more = true;
        while (more) {
            String query = "?size=2" + (cursor == null ? "" : "&since=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            JsonNode answer = Json.mapper().readTree(given().urlEncodingEnabled(false)
                    .get("/api/runs/" + runId + "/results/changes" + query)
                    .then().statusCode(200).extract().asString());
            answers++;
            for (JsonNode result : answer.path("results")) {
                read.add(result.path("result_id").asText());
                held.put(result.path("result_id").asText(), result);
            }
            cursor = answer.path("cursor").asText();
            more = answer.path("more").asBoolean();
        }
        return new Read(read, answers, cursor);
    }

    private static List<JsonNode> pages(String runId) {
        try {
            List<JsonNode> results = new ArrayList<>();
            Json.mapper().readTree(given().get("/api/runs/" + runId + "/results?size=500").then().statusCode(200).extract().asString())
                    .path("results").forEach(results::add);
            return results;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitStored(String runId, int stored) {
        Eventually.await(Duration.ofSeconds(30), () -> pages(runId).size(), n -> n == stored, stored + " results stored");
    }

    private static void publish(List<VerificationResult> results) {
        results.forEach(result -> KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result)));
    }

    /** A passed result for each of the run's jobs and judges. */
    private static List<VerificationResult> passedResults(String runId) {
        List<VerificationResult> results = new ArrayList<>();
        for (VerificationJob job : TestRuns.jobs(runId)) {
            for (ModelConfig judge : job.judges()) {
                results.add(TestRuns.result(job, judge, Outcome.PASSED));
            }
        }
        return results;
    }

    private static List<String> ids(List<VerificationResult> results) {
        return results.stream().map(VerificationResult::resultId).toList();
    }
}
