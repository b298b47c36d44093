package dev.assay.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** assay submit's body with the benchmark's own text: the server reads the very document the file holds, or the CLI reads the file itself. */
class SubmitBodyTest {

    @TempDir
    Path dir;

    private static final RunConfig CONFIG = RunConfig.builder()
            .answeringModels(List.of(ModelConfig.of("openai", "a"))).judges(List.of(ModelConfig.of("openai", "j"))).build();

    @Test
    void theBenchmarkMemberIsTheDocumentTheFileHolds() throws Exception {
        String text = """
                # a comment at the top
                name: "quoted: name"
                defaults:
                  template: {fields: {city: {type: string,
                      description: the capital city}}}
                questions:
                  - id: fr
                    question: |2
                        indented two more than the block
                      and the block's own indentation

                      after an empty line
                    notes: >-
                      folded
                      text
                  - {id: de, question: "What is
                      the capital of Germany?"}
                  - id: plain
                    question: a plain scalar
                      continued on the next line
                """;
        for (String variant : List.of(text, text.replace("\n", "\r\n"), "\uFEFF" + text)) {
            Path file = Files.writeString(dir.resolve("bench.yaml"), variant);
            SubmitBody body = SubmitBody.of(file, CONFIG);
            assertThat(body.contentType()).isEqualTo("application/yaml");
            JsonNode read = Json.yaml().readTree(body.text());
            assertThat(read.get("benchmark")).isEqualTo(Json.yaml().readTree(text));
            assertThat(read.get("config")).isEqualTo(Json.mapper().valueToTree(CONFIG));
        }
    }

    @Test
    void aJsonFileGoesInAJsonBody() throws Exception {
        String text = "{\"questions\": [{\"id\": \"q\", \"question\": \"a/b \\u00e9\"}]}";
        Path file = Files.writeString(dir.resolve("bench.json"), text);
        SubmitBody body = SubmitBody.of(file, CONFIG);
        assertThat(body.contentType()).isEqualTo("application/json");
        JsonNode read = Json.mapper().readTree(body.text());
        assertThat(read.get("benchmark")).isEqualTo(Json.mapper().readTree(text));
        assertThat(read.get("config")).isEqualTo(Json.mapper().valueToTree(CONFIG));
    }

    @Test
    void aFileNamingPromptFilesOrHoldingDocumentMarksIsReadHere() throws Exception {
        // prompt files are read from the benchmark's folder, on this machine
        assertThat(SubmitBody.of(Files.writeString(dir.resolve("a.yaml"), "questions:\n  - id: q\n    prompt_file: p.yaml\n"), CONFIG)).isNull();
        assertThat(SubmitBody.of(Files.writeString(dir.resolve("b.yaml"), "---\nquestions: []\n"), CONFIG)).isNull();
        assertThat(SubmitBody.of(Files.writeString(dir.resolve("c.yaml"), "%YAML 1.2\n---\nquestions: []\n"), CONFIG)).isNull();
        assertThat(SubmitBody.of(Files.writeString(dir.resolve("d.yaml"), "questions: []\n...\n"), CONFIG)).isNull();
        assertThat(SubmitBody.of(dir.resolve("missing.yaml"), CONFIG)).isNull();
        assertThat(SubmitBody.of(Files.writeString(dir.resolve("e.yaml"), "  \n"), CONFIG)).isNull();
    }
}
