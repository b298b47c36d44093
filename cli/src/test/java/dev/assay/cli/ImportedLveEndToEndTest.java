package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The round trip, as a user does it: {@code assay import lve} on an LVE repository, then
 * {@code assay run} on what it wrote (the local stack: real Kafka, PostgreSQL and the three
 * services). The recorded responses are re-checked as manual answers, and wherever the checker
 * converted, the re-checked verdict is the instance's recorded {@code passed}. Skipped when the
 * services are not packaged (e.g. {@code -pl cli -am}); a full {@code ./mvnw verify} packages them first.
 */
class ImportedLveEndToEndTest {

    private static final String CHECKER = "checker";

    @TempDir
    Path dir;

    @Test
    void anImportedLveRepositoryRunsOnItsRecordedAnswersAndAgreesWithTheRecordedVerdicts() throws Exception {
        Path home = PackagedServices.homeForThisJvm();
        Path repository = home.resolve("importers/src/test/resources/lve/repository");
        Path benchmarkFile = dir.resolve("imported/benchmark.yaml");

        CliRun imported = CliRun.of("import", "lve", repository.toString(), "--out", benchmarkFile.toString());
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(imported.out()).contains("wrote " + dir.resolve("imported/run.yaml"), "load and validate");

        Path out = dir.resolve("results");
        CliRun run = CliRun.of("run", benchmarkFile.toString(), "--out", out.toString(), "--group-by", "tag");
        assertThat(run.exit()).as(run.toString()).isZero();

        Benchmark benchmark = SpecReader.read(Files.readString(benchmarkFile), Benchmark.class);
        Map<String, Question> questions = new HashMap<>();
        benchmark.questions().forEach(question -> questions.put(question.id(), question));
        JsonNode results = Json.mapper().readTree(out.resolve("results.json").toFile());
        assertThat(results).hasSize(benchmark.questions().size());

        int compared = 0;
        int recordedFailures = 0;
        for (JsonNode result : results) {
            String id = result.get("question_id").asText();
            Question question = questions.get(id);
            assertThat(result.get("status").asText()).as(id).isEqualTo("scored");
            // LVE's tags reach the result (read back from the server's store), for the reports to group by
            assertThat(Json.mapper().convertValue(result.path("keywords"), List.class)).as(id)
                    .isEqualTo(question.keywords().isEmpty() ? null : question.keywords());
            assertThat(result.path("calls")).as("a manual answer makes no call: " + id).isEmpty();
            JsonNode checker = null;
            for (JsonNode trait : result.path("rubric")) {
                if (trait.get("name").asText().equals(CHECKER)) {
                    checker = trait;
                }
            }
            boolean converted = question.rubric() != null
                    && question.rubric().traits().stream().anyMatch(trait -> trait.name().equals(CHECKER));
            if (!converted) {
                assertThat(checker).as("no checker trait where the checker did not convert: " + id).isNull();
                continue;
            }
            boolean recorded = question.metadata().get("lve").get("recorded_passed").asBoolean();
            assertThat(checker).as(id).isNotNull();
            assertThat(checker.path("error").isMissingNode() || checker.path("error").isNull()).as(id + ": " + checker).isTrue();
            assertThat(checker.get("passed").asBoolean()).as("re-checked verdict of " + id + " vs its recorded passed")
                    .isEqualTo(recorded);
            compared++;
            recordedFailures += recorded ? 0 : 1;
        }
        // the fixture re-checks every converted kind, with unsafe responses among them
        assertThat(compared).isGreaterThanOrEqualTo(8);
        assertThat(recordedFailures).isGreaterThanOrEqualTo(2);
        // and the run says so itself
        int notConverted = benchmark.questions().size() - compared;
        assertThat(run.out()).contains("recorded LVE verdicts: " + compared + " of " + compared + " re-checked agree, "
                + notConverted + " not re-checked").doesNotContain("differs:");

        // --group-by tag: a row per tag (then model × judge), a question counting under each of its tags
        Map<String, Integer> perTag = new TreeMap<>();
        benchmark.questions().forEach(question -> question.keywords().forEach(tag -> perTag.merge(tag, 1, Integer::sum)));
        assertThat(perTag).containsKeys("severity:high", "severity:low", "jailbreak:yes");
        List<String> lines = run.out().lines().toList();
        assertThat(lines).anyMatch(line -> line.startsWith("tag ") && line.contains("answering model"));
        perTag.forEach((tag, count) -> assertThat(lines).as(tag)
                .anyMatch(line -> line.startsWith(tag + " ") && line.contains(" of " + count + " ")));
        long untagged = benchmark.questions().stream().filter(question -> question.keywords().isEmpty()).count();
        assertThat(lines).anyMatch(line -> line.startsWith("(no tag) ") && line.contains(" of " + untagged + " "));
    }


}
