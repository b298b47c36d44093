package dev.assay.importers.lve;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.spec.RunTarget;
import dev.assay.common.validation.SpecDocument;
import dev.assay.importers.ImportResult;
import dev.assay.importers.ImportStatus;
import dev.assay.importers.ImportedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the LVE importer writes reads back as it was imported: recorded responses stay text. */
class LveWrittenFilesTest {

    /** Plain YAML scalars that a YAML reader takes for numbers, booleans or null. */
    private static final List<String> LOOK_LIKE_OTHER_TYPES = List.of("1e3", "1_000", "0x1F", "0o17", "0b101", ".inf", "-.Inf",
            ".NaN", "1:20", "+12", "012", "3.", "true", "False", "yes", "No", "on", "OFF", "y", "null", "~", "Null", "",
            "2024-01-02", "1.5e-3", "0", "-7");

    @Test
    void recordedResponsesThatLookLikeNumbersOrBooleansReadBackAsTheSameText(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("test.json"), """
                {"description": "d", "checker_args": {"checker_name": "RegexChecker", "pattern": "1", "match_safe": false},
                 "prompt": [{"content": "Say {a}"}], "prompt_parameters": ["a"]}
                """);
        Files.createDirectory(dir.resolve("instances"));
        StringBuilder lines = new StringBuilder();
        for (String response : LOOK_LIKE_OTHER_TYPES) {
            lines.append("{\"args\": {\"a\": \"").append(response).append("\"}, \"response\": \"").append(response)
                    .append("\", \"passed\": true}\n");
        }
        Files.writeString(dir.resolve("instances/i.jsonl"), lines.toString());
        ImportResult imported = new LveImporter().read(dir);

        ImportedFiles.write(imported, dir.resolve("out/benchmark.yaml"), dir.resolve("out/run.yaml"));

        RunConfig config = SpecReader.read(Files.readString(dir.resolve("out/run.yaml")), RunConfig.class);
        Benchmark benchmark = SpecReader.read(Files.readString(dir.resolve("out/benchmark.yaml")), Benchmark.class);
        assertThat(benchmark).isEqualTo(imported.benchmark());
        for (int i = 0; i < LOOK_LIKE_OTHER_TYPES.size(); i++) {
            String id = "instances/i.jsonl:" + (i + 1);
            assertThat(config.manualAnswers().get(id)).as(id).isEqualTo(ManualAnswer.of(LOOK_LIKE_OTHER_TYPES.get(i)));
        }
        assertThat(RunSpecs.validate(benchmark, config).problems()).isEmpty();
    }

    @Test
    void aNulCharacterInARecordingIsReplacedWithANoteAndTheFilesStillValidate(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("test.json"), """
                {"description": "d", "checker_args": {"checker_name": "RegexChecker", "pattern": "b", "match_safe": false},
                 "prompt": [{"content": "Say {a}"}], "prompt_parameters": ["a"]}
                """);
        Files.createDirectory(dir.resolve("instances"));
        Files.writeString(dir.resolve("instances/i.jsonl"), String.join("\n",
                "{\"args\": {\"a\": \"x\\u0000\"}, \"response\": \"a\\u0000b\", \"passed\": true}",
                "{\"args\": {\"a\": \"y\"}, \"response\": \"ab\", \"passed\": true}"));

        ImportResult imported = new LveImporter().read(dir);
        ImportedFiles.write(imported, dir.resolve("out/benchmark.yaml"), dir.resolve("out/run.yaml"));

        assertThat(imported.manualAnswers().get("instances/i.jsonl:1")).isEqualTo(ManualAnswer.of("a\uFFFDb"));
        assertThat(imported.manualAnswers().get("instances/i.jsonl:2")).isEqualTo(ManualAnswer.of("ab"));
        assertThat(imported.report().entries().get(0).status()).isEqualTo(ImportStatus.PARTLY_CONVERTED);
        assertThat(imported.report().entries().get(0).reasons()).singleElement().asString()
                .contains("NUL character (U+0000)").contains("replaced by U+FFFD in args.a, response");
        assertThat(imported.report().entries().get(1).status()).isEqualTo(ImportStatus.CONVERTED);
        assertThat(RunSpecs.validate(SpecDocument.file(dir.resolve("out/benchmark.yaml")), SpecDocument.file(dir.resolve("out/run.yaml")),
                RunTarget.server(Map.of())).problems()).isEmpty();
    }

    @Test
    void theTestsTagsAreTheQuestionsKeywords(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("test.json"), """
                {"description": "d", "prompt": "Hi", "tags": [{"name": "severity", "value": "high"}, {"name": "jailbreak", "value": "yes"},
                 {"name": "paper"}]}
                """);
        Files.createDirectory(dir.resolve("instances"));
        Files.writeString(dir.resolve("instances/i.jsonl"), "{\"args\": {}, \"response\": \"Hello\", \"passed\": true}\n");

        ImportResult imported = new LveImporter().read(dir);
        ImportedFiles.write(imported, dir.resolve("out/benchmark.yaml"), null);

        assertThat(imported.benchmark().questions().get(0).keywords()).containsExactly("severity:high", "jailbreak:yes");
        assertThat(SpecReader.read(Files.readString(dir.resolve("out/benchmark.yaml")), Benchmark.class).questions().get(0).keywords())
                .containsExactly("severity:high", "jailbreak:yes");
    }

    /** SnakeYAML's own limit is 3 MB; imported LVE repositories are larger, and their files must load as written. */
    @Test
    void importedFilesOverThreeMebibytesLoad(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("test.json"), """
                {"description": "d", "checker_args": {"checker_name": "RegexChecker", "pattern": "x", "match_safe": true},
                 "prompt": [{"content": "Say {a}"}], "prompt_parameters": ["a"]}
                """);
        Files.createDirectory(dir.resolve("instances"));
        String response = "x".repeat(40_000);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            lines.append("{\"args\": {\"a\": \"").append(i).append("\"}, \"response\": \"").append(response).append("\", \"passed\": true}\n");
        }
        Files.writeString(dir.resolve("instances/i.jsonl"), lines.toString());
        ImportResult imported = new LveImporter().read(dir);

        ImportedFiles.write(imported, dir.resolve("out/benchmark.yaml"), dir.resolve("out/run.yaml"));

        assertThat(Files.size(dir.resolve("out/run.yaml"))).isGreaterThan(3L * 1024 * 1024);
        assertThat(RunSpecs.validate(SpecDocument.file(dir.resolve("out/benchmark.yaml")), SpecDocument.file(dir.resolve("out/run.yaml")),
                RunTarget.server(Map.of())).problems()).isEmpty();
    }
}
