package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.TestRuns;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** POST /api/runs: valid runs (JSON and YAML) are registered and their jobs are on assay.jobs; invalid ones list every error. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunSubmitTest {

    static final String YAML = "application/yaml";

    @Test
    void aValidJsonRunIsRegisteredAndEveryJobIsPublishedKeyedByItsId() {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(202)
                .header("Location", matchesPattern("http://.*/api/runs/run-.*"))
                .body("run_id", matchesPattern("run-\\d{8}-\\d{6}-[0-9a-f]{6}"))
                .body("name", equalTo("capitals-smoke"))
                .body("status", equalTo("queued"))
                .body("questions", equalTo(2))
                .body("answering_models", contains("openai:gpt-4o", "openai:gpt-4o-mini"))
                .body("judges", contains("openai:judge-1", "anthropic:claude-judge"))
                .body("replicates", equalTo(1))
                .body("jobs", equalTo(4))
                .body("expected_results", equalTo(8))
                .extract().path("run_id");
        io.restassured.response.Response example = given().contentType(ContentType.JSON).body(TestRuns.bodyJson()).post("/api/runs");
        System.out.println("202 Location: " + example.header("Location") + "\n202 body: " + example.asString());

        List<ConsumerRecord<String, String>> records = jobsOf(runId, 4);
        assertThat(records).hasSize(4);
        List<VerificationJob> jobs = records.stream().map(record -> Json.read(record.value(), VerificationJob.class)).toList();
        // the very jobs the planner makes for this run id, each keyed by its job_id
        assertThat(jobs).extracting(VerificationJob::jobId)
                .containsExactlyInAnyOrderElementsOf(TestRuns.jobs(runId).stream().map(VerificationJob::jobId).toList());
        assertThat(records).allSatisfy(record -> assertThat(record.key()).isEqualTo(Json.read(record.value(), VerificationJob.class).jobId()));
        assertThat(jobs).allSatisfy(job -> {
            assertThat(job.runId()).isEqualTo(runId);
            assertThat(job.judges()).hasSize(2);
        });

        given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("status", equalTo("queued"))
                .body("source", equalTo("api"))
                .body("counts.expected", equalTo(8))
                .body("counts.done", equalTo(0));
    }

    @Test
    void aValidYamlRunIsAcceptedTheSameWay() {
        for (String type : List.of(YAML, "text/yaml")) {
            String runId = given().contentType(type).body(utf8(TestRuns.bodyYaml()))
                    .when().post("/api/runs")
                    .then().log().ifValidationFails()
                    .statusCode(202)
                    .body("jobs", equalTo(4))
                    .body("expected_results", equalTo(8))
                    .extract().path("run_id");
            assertThat(jobsOf(runId, 4)).hasSize(4);
        }
    }

    @Test
    void anInvalidRunIsRejectedWithEveryErrorOfBothDocumentsAndNothingIsStored() {
        String body = """
                benchmark:
                  name: broken
                  questions:
                    - id: q1
                      question: How much?
                      template:
                        fields:
                          dose: {type: numbr, description: the dose, ground_truth: 5}
                    - id: q1
                      question: Again?
                      raw_answr: yes
                config:
                  answering_models:
                    - {interface: opnai, model: gpt-4o, temperature: 5}
                  judges: []
                  replicates: 0
                """;
        long runsBefore = countRuns();
        JsonPath answer = given().contentType(YAML).body(utf8(body))
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(400)
                .contentType(ContentType.JSON)
                .extract().jsonPath();
        List<String> errors = answer.getList("errors", String.class);
        System.out.println("400 body: " + answer.prettify());
        assertThat(errors).containsExactly(
                "benchmark.questions[0].template.fields.dose.type: unknown field type \"numbr\" (did you mean \"number\"?); expected one of string, integer, number, boolean, list, literal, date",
                "benchmark.questions[1]: unknown field \"raw_answr\" (did you mean \"raw_answer\"?)",
                "benchmark.questions[1].id: duplicate id \"q1\" (also used by questions[0])",
                "config.answering_models[0].temperature: must be between 0 and 2, got 5.0",
                "config.judges: at least one model is required",
                "config.replicates: must be between 1 and 1000, got 0",
                "config.answering_models[0].interface: no service of this deployment runs interface \"opnai\" (did you mean \"openai\"?); known: openai, anthropic, manual");
        assertThat(errors).doesNotHaveDuplicates();
        // the same errors, each with the line and column of its node in the body (an unknown field: its key)
        assertThat(answer.getList("problems", Map.class)).extracting(p -> p.get("path") + " " + p.get("line") + ":" + p.get("column"))
                .containsExactly(
                        "benchmark.questions[0].template.fields.dose.type 8:18",
                        "benchmark.questions[1] 11:7",
                        "benchmark.questions[1].id 9:7",
                        "config.answering_models[0].temperature 14:41",
                        "config.judges 15:3",
                        "config.replicates 16:3",
                        "config.answering_models[0].interface 14:8");
        assertThat(answer.getList("problems.message", String.class)).first().asString().startsWith("unknown field type \"numbr\"");
        assertThat(countRuns()).as("nothing registered").isEqualTo(runsBefore);
    }

    /** Each of these used to be accepted and silently reshaped what would run (issue 23); all are listed in one round. */
    @Test
    void duplicateKeysNumbersForNamesAndFractionsForIntegersAreRefusedTogether() {
        String body = """
                benchmark:
                  questions:
                    - {id: q1, question: "2+2?", rubric: {traits: [{name: t, kind: regex, pattern: "4"}]}}
                  questions:
                    - {id: q2, question: "3+3?", rubric: {traits: [{name: t, kind: regex, pattern: "6"}]}}
                config:
                  answering_models: [{interface: 3, model: m, max_tokens: 10.5}]
                  judges: [{interface: openai, model: j, max_concurrency: 2.5}]
                  evaluation_mode: rubric_only
                  replicates: 1.5
                """;
        long runsBefore = countRuns();
        List<String> errors = given().contentType(YAML).body(utf8(body))
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(400)
                .extract().jsonPath().getList("errors", String.class);
        assertThat(errors).containsExactly(
                "benchmark.questions: duplicate key \"questions\", also written at line 2, column 3; write each key once (only one of the values would be read)",
                "config.answering_models[0].interface: expected text, got a number",
                "config.answering_models[0].max_tokens: 10.5 is not an integer",
                "config.judges[0].max_concurrency: 2.5 is not an integer",
                "config.replicates: 1.5 is not an integer");
        // the same in JSON, a duplicate at the top of the body too
        List<String> json = given().contentType(ContentType.JSON)
                .body("{\"benchmark\": {\"questions\": []}, \"config\": {\"replicates\": 1, \"replicates\": 2}, \"benchmark\": {}}")
                .when().post("/api/runs")
                .then().statusCode(400)
                .extract().jsonPath().getList("errors", String.class);
        assertThat(json).contains(
                "benchmark: duplicate key \"benchmark\", also written at line 1, column 2; write each key once (only one of the values would be read)",
                "config.replicates: duplicate key \"replicates\", also written at line 1, column 45; write each key once (only one of the values would be read)");
        assertThat(countRuns()).as("nothing registered").isEqualTo(runsBefore);
    }

    /** A second YAML document was dropped; a line too long for SnakeYAML to read in time is refused before it is parsed. */
    @Test
    void aSecondDocumentAndATooLongYamlLineAreRefusedWithTheirPlace() {
        given().contentType(YAML).body(utf8("benchmark: {questions: []}\nconfig: {}\n---\nconfig: {replicates: 2}\n"))
                .when().post("/api/runs")
                .then().statusCode(400)
                .body("errors", contains("body: not valid YAML: a second document starts here; a text holds one document "
                        + "(remove the rest, or put it in a file of its own) (line 4, column 1)"));
        given().contentType(YAML).body(utf8("benchmark: {questions: []}\nconfig: {name: " + "x".repeat(2_000_000) + "}\n"))
                .when().post("/api/runs")
                .then().statusCode(400)
                .body("errors", contains("body: not valid YAML: line 2 is 2000016 characters long; a YAML line may hold at most 262144: "
                        + "break it (a quoted string or a | block can go on over several lines) or write the document as JSON (line 2, column 1)"));
    }

    @Test
    void theCrossCheckOfBenchmarkAndConfigIsReportedWithEachDocumentsOwnErrors() {
        // Both documents bind, but each has problems of its own, and the pair does not fit:
        // evaluation mode template_only needs a template on every question.
        String body = """
                {"benchmark": {"questions": [
                    {"id": "fr", "question": "What is the capital of France?", "raw_answer": "Paris"},
                    {"id": "fr", "question": "And of Spain?", "raw_answer": "Madrid"}]},
                 "config": {"answering_models": [{"interface": "openai", "model": "gpt-4o", "max_tokens": 0}],
                            "judges": [{"interface": "openai", "model": "judge"}],
                            "evaluation_mode": "template_only"}}
                """;
        List<String> errors = given().contentType(ContentType.JSON).body(body)
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(400)
                .extract().jsonPath().getList("errors", String.class);
        System.out.println("400 cross-check errors: " + errors);
        assertThat(errors).containsExactly(
                "benchmark.questions[1].id: duplicate id \"fr\" (also used by questions[0])",
                "config.answering_models[0].max_tokens: must be at least 1, got 0",
                "benchmark.questions[0].template: is required in evaluation mode template_only (or set evaluation_mode: rubric_only)",
                "benchmark.questions[1].template: is required in evaluation mode template_only (or set evaluation_mode: rubric_only)");
    }

    @Test
    void expressionTraitsAreCompiledAgainstTheirQuestionsParameters() {
        String body = """
                benchmark:
                  questions:
                    - id: sum
                      question: What is {a} plus a number?
                      prompt_parameters: {a: "2"}
                      rubric: {traits: [{name: sum_right, kind: expression, expression: 'int(response) == int(a) + int(b)'}]}
                config:
                  answering_models: [{interface: openai, model: gpt-4o}]
                  judges: [{interface: openai, model: judge}]
                  evaluation_mode: rubric_only
                  global_rubric: {traits: [{name: short, kind: expression, expression: 'size(response) <'}]}
                """;
        List<String> errors = given().contentType(YAML).body(utf8(body))
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(400)
                .extract().jsonPath().getList("errors", String.class);
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).isEqualTo("benchmark.questions[0].rubric.traits[0].expression: undeclared reference to 'b' "
                + "at line 1, column 31 (known variables: response, parsed, params, variables, outputs, a)");
        assertThat(errors.get(1)).startsWith("config.global_rubric.traits[0].expression: syntax error at line 1, column 17: ");
    }

    @Test
    void aBodyThatIsNotARunSaysWhy() {
        String malformed = given().contentType(ContentType.JSON).body("{\"benchmark\": {\"questions\": [}")
                .when().post("/api/runs")
                .then().statusCode(400)
                .body("errors", hasSize(1))
                .body("errors[0]", equalTo("body: not valid JSON: Unexpected close marker '}': expected ']' (for Array starting at line: 1, column: 29) (line 1, column 30)"))
                .extract().asString();
        System.out.println("400 malformed: " + malformed);
        given().contentType(ContentType.JSON).body("{\"benchmarks\": {}, \"config\": {}}")
                .when().post("/api/runs")
                .then().statusCode(400)
                .body("errors", contains(
                        "body: unknown field \"benchmarks\" (did you mean \"benchmark\"?); expected \"benchmark\" and \"config\"",
                        "benchmark: is required",
                        "config.answering_models: at least one model is required",
                        "config.judges: at least one model is required"))
                .body("problems[0].line", equalTo(1))
                .body("problems[0].column", equalTo(2))
                // nothing in the body to point at: the body's start for the missing part, the config's key for its missing models
                .body("problems[1].column", equalTo(1))
                .body("problems[2].column", equalTo(20));
        given().contentType(ContentType.JSON).body("")
                .when().post("/api/runs")
                .then().statusCode(400)
                .body("errors", contains("body: is empty; expected a mapping with \"benchmark\" and \"config\""));
        given().contentType(ContentType.TEXT).body("benchmark: {}")
                .when().post("/api/runs")
                .then().statusCode(415);
    }

    private static List<ConsumerRecord<String, String>> jobsOf(String runId, int count) {
        return KafkaClients.read(Topics.JOBS, record -> record.value().contains("\"run_id\":\"" + runId + "\""), count,
                Duration.ofSeconds(20));
    }

    /** Rest Assured has no YAML encoder: send the text as bytes. */
    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static long countRuns() {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM runs")) {
            rows.next();
            return rows.getLong(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
