package dev.assay.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code assay report RESULTS.json}: report.html for any run's results, with the run's headline when it lies beside. */
class ReportCommandTest {

    private static final String RESULTS = """
            [{"schema_version":1,"run_id":"run-1","job_id":"j1","result_id":"r1","question_id":"a-ok","question":"Fine?",
              "answering_model":"openai:m","judge":"openai:j","replicate":1,"evaluation_mode":"template_only","status":"passed",
              "response":"yes","calls":[],"usage":{"total":{}},"caveats":[],"completed_at":"2026-11-24T10:00:00Z"},
             {"schema_version":1,"run_id":"run-1","job_id":"j2","result_id":"r2","question_id":"b-err","question":"Broken?",
              "answering_model":"openai:m","judge":"openai:j","replicate":1,"evaluation_mode":"template_only","status":"error",
              "failure":{"category":"retry","stage":"generation","reason":"HTTP 500"},
              "calls":[],"usage":{"total":{}},"caveats":[],"completed_at":"2026-11-24T10:00:05Z"},
             {"schema_version":1,"run_id":"run-1","job_id":"j3","result_id":"r3","question_id":"c-bad","question":"Wrong?",
              "answering_model":"openai:m","judge":"openai:j","replicate":1,"evaluation_mode":"template_only","status":"failed",
              "response":"no","calls":[],"usage":{"total":{}},"caveats":[],"completed_at":"2026-11-24T10:00:03Z"}]
            """;

    @TempDir
    Path dir;

    @Test
    void writesReportHtmlBesideTheResultsWithFailuresFirstAndTheirOwnColours() throws Exception {
        Path results = Files.writeString(dir.resolve("results.json"), RESULTS);

        CliRun run = CliRun.of("report", results.toString());

        assertThat(run.exit()).as(run.toString()).isZero();
        Path report = dir.resolve("report.html");
        assertThat(run.out()).contains("wrote " + report);
        String html = Files.readString(report);
        // failed and errored questions first, then the passing one; each part by id
        assertThat(html).containsSubsequence("id=\"q-b-err\"", "id=\"q-c-bad\"", "id=\"q-a-ok\"");
        assertThat(html).contains("<details class=\"question bad has-error\" id=\"q-b-err\">",
                "<details class=\"question bad\" id=\"q-c-bad\">", "<details class=\"question\" id=\"q-a-ok\">",
                "<span class=\"status error\">", "<span class=\"status failed\">", "<span class=\"status passed\">");
        // what the results carry, when no run.json lies beside: models, mode, completion times
        assertThat(html).contains("<dt>answering models</dt><dd>openai:m</dd>", "<dt>evaluation mode</dt><dd>template_only</dd>",
                "2026-11-24T10:00:00Z … 2026-11-24T10:00:05Z");
        assertThat(html).contains("<div class=\"wide\">");
    }

    @Test
    void runJsonBesideTheResultsNamesTheBenchmarkDatesAndConfig() throws Exception {
        Path results = Files.writeString(dir.resolve("results.json"), RESULTS);
        Files.writeString(dir.resolve("run.json"), """
                {"run":{"run_id":"run-1","name":"nightly","created_at":"2026-11-24T09:59:00Z","finished_at":"2026-11-24T10:00:06Z"},
                 "benchmark":"capitals","config":{"name":"nightly","evaluation_mode":"template_only","replicates":3},
                 "questions":[],"cells":[]}
                """);

        CliRun run = CliRun.of("report", results.toString(), "--out", dir.resolve("out/r.html").toString());

        assertThat(run.exit()).as(run.toString()).isZero();
        String html = Files.readString(dir.resolve("out/r.html"));
        assertThat(html).contains("<dt>benchmark</dt><dd>capitals</dd>", "<dt>run</dt><dd>nightly</dd>",
                "<dt>started</dt><dd>2026-11-24T09:59:00Z</dd>", "Run config as submitted", "&quot;replicates&quot; : 3");
    }

    @Test
    void aMissingOrUnreadableFileIsExitTwoNamingIt() throws Exception {
        CliRun missing = CliRun.of("report", dir.resolve("nope.json").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("nope.json: not found");

        Path broken = Files.writeString(dir.resolve("broken.json"), "[{\"result_id\": ");
        CliRun bad = CliRun.of("report", broken.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("broken.json: not valid JSON");

        Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        assertThat(CliRun.of("report", empty.toString()).err()).contains("empty.json: holds no results");
    }
}
