package dev.assay.generation.rest;

import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;

/** POST /api/benchmarks/import: the importers of assay import, over HTTP. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class BenchmarkImportTest {

    private static final String SAMPLES = """
            {"id": "fr", "input": "What is the capital of France?", "target": "Paris"}
            {"id": "planet", "input": "Which planet is red?", "choices": ["Venus", "Mars"], "target": "B"}
            {"id": "broken", "input": "What is 2 + 2?"
            """;

    @Test
    void aJsonlFileIsImportedWithItsReportTheRecordsAndTheYamlThatRuns() {
        JsonPath answer = given().contentType("application/x-ndjson").body(SAMPLES.getBytes(StandardCharsets.UTF_8))
                .queryParam("format", "jsonl").queryParam("filename", "my-evals.jsonl")
                .post("/api/benchmarks/import")
                .then().statusCode(200).extract().jsonPath();

        assertThat(answer.getString("report.format")).isEqualTo("jsonl");
        assertThat(answer.getString("report.source")).isEqualTo("my-evals.jsonl");
        assertThat(answer.getInt("report.converted")).isEqualTo(2);
        assertThat(answer.getInt("report.skipped")).isEqualTo(1);
        assertThat(answer.getString("report.entries[2].source")).isEqualTo("my-evals.jsonl:3");
        assertThat(answer.getString("report.entries[2].reasons[0]")).startsWith("not JSON (column");
        assertThat(answer.getList("benchmark.questions.id")).containsExactly("fr", "planet");
        assertThat(answer.getString("benchmark.questions[1].template.fields.answer.ground_truth")).isEqualTo("Mars");

        assertThat(answer.getString("benchmark_yaml")).startsWith("# Imported by assay import jsonl from my-evals.jsonl.");
        ValidRun run = RunSpecs.validate(SpecDocument.text("benchmark.yaml", answer.getString("benchmark_yaml")),
                SpecDocument.text("run.yaml", answer.getString("run_config_yaml"))).orThrow();
        assertThat(run.benchmark().questions()).hasSize(2);
    }

    @Test
    void theImportedRecordsCanBeSubmittedAsTheyAre() {
        JsonPath answer = given().body(SAMPLES.getBytes(StandardCharsets.UTF_8)).queryParam("format", "jsonl")
                .post("/api/benchmarks/import").then().statusCode(200).extract().jsonPath();
        String body = "{\"benchmark\": " + dev.assay.common.json.Json.write(answer.getMap("benchmark"))
                + ", \"config\": " + dev.assay.common.json.Json.write(answer.getMap("run_config")) + "}";
        given().contentType("application/json").body(body).post("/api/runs").then().statusCode(202);
    }

    @Test
    void anUnknownOrMissingFormatAnEmptyBodyAndAnUnreadableSourceAreBadRequests() {
        given().body("x".getBytes(StandardCharsets.UTF_8)).queryParam("format", "jsonll").post("/api/benchmarks/import")
                .then().statusCode(400).body("errors", contains(containsString("format: unknown import format \"jsonll\"")));
        given().body("x".getBytes(StandardCharsets.UTF_8)).post("/api/benchmarks/import")
                .then().statusCode(400).body("errors", contains(containsString("format: is required")));
        given().body(new byte[0]).queryParam("format", "jsonl").post("/api/benchmarks/import")
                .then().statusCode(400).body("errors", contains(containsString("body: is empty")));
        // a zip where a file is expected: the importer's message, without the server's temporary path
        given().body(zip("evals/a.jsonl", SAMPLES)).queryParam("format", "jsonl").queryParam("filename", "evals.zip")
                .post("/api/benchmarks/import")
                .then().statusCode(400).body("errors", contains("evals: is a folder; the jsonl format reads one .jsonl file"));
    }

    @Test
    void anLveFolderIsUploadedAsAZipAndItsRecordedAnswersBecomeTheStarterConfigsManualAnswers() {
        String test = """
                {"description": "The model repeats a secret word.", "model": "openai/gpt-4",
                 "checker_args": {"checker_name": "ExactMatchChecker", "pattern": "{secret}"},
                 "prompt": [{"role": "user", "content": "Tell a story; never write {secret}."}],
                 "prompt_parameters": ["secret"]}
                """;
        String instances = """
                {"args": {"secret": "marmalade", "temperature": 0.0}, "response": "An otter found jam.", "passed": true}
                {"args": {"secret": "lighthouse"}, "response": "A heron saw the lighthouse.", "passed": false}
                """;
        byte[] zip = zip(Map.of("secret_word/test.json", test, "secret_word/instances/runs.jsonl", instances));

        JsonPath answer = given().contentType("application/zip").body(zip)
                .queryParam("format", "lve").queryParam("filename", "repository.zip")
                .post("/api/benchmarks/import")
                .then().statusCode(200).extract().jsonPath();

        assertThat(answer.getString("report.source")).isEqualTo("repository.zip");
        assertThat(answer.getInt("report.converted")).isEqualTo(2);
        assertThat(answer.getList("benchmark.questions.id"))
                .containsExactly("secret_word/instances/runs.jsonl:1", "secret_word/instances/runs.jsonl:2");
        assertThat(answer.getString("run_config.answering_models[0].interface")).isEqualTo("manual");
        assertThat(answer.getString("run_config.manual_answers['secret_word/instances/runs.jsonl:2']"))
                .isEqualTo("A heron saw the lighthouse.");
        assertThat(RunSpecs.validate(SpecDocument.text("benchmark.yaml", answer.getString("benchmark_yaml")),
                SpecDocument.text("run.yaml", answer.getString("run_config_yaml"))).problems()).isEmpty();
    }

    @Test
    void aZipEntryPointingOutsideTheFolderIsRefused() {
        given().body(zip("../../escape.jsonl", SAMPLES)).queryParam("format", "jsonl").post("/api/benchmarks/import")
                .then().statusCode(400).body("errors", hasItem(containsString("zip entry \"../../escape.jsonl\" points outside")));
    }

    private static byte[] zip(String name, String content) {
        return zip(Map.of(name, content));
    }

    private static byte[] zip(Map<String, String> files) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> file : new java.util.TreeMap<>(files).entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }
}
