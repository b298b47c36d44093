package dev.assay.common.spec;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class BenchmarkLoaderTest {

    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, content);
    }

    private List<String> errors(Path benchmark) {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> BenchmarkLoader.load(benchmark));
        assertThat(error).as("expected validation errors").isNotNull();
        return error.errors().stream().map(ValidationError::toString).toList();
    }

    @Test
    void promptFilesAreInlinedRelativeToTheBenchmarkFolder() throws IOException {
        write("prompts/plain.prompt", "What is 2 + 2?\n");
        write("prompts/chat.prompt", """
                {"role": "system", "content": "Be terse."}
                {"content": "Think of a number."}
                {"role": "assistant", "variable": "number"}
                """);
        write("prompts/one.prompt", "{\n  \"content\": \"Name a colour.\"\n}\n");
        Path benchmark = write("b.yaml", """
                name: files
                questions:
                  - question: plain
                    prompt_file: prompts/plain.prompt
                  - prompt_file: prompts/chat.prompt
                  - question: runs
                    multi_run_prompt:
                      - {name: colour, repetitions: 3, prompt_file: prompts/one.prompt}
                      - {name: inline, prompt: [{content: "Hi"}]}
                """);

        Benchmark loaded = BenchmarkLoader.load(benchmark);

        Question plain = loaded.questions().get(0);
        assertThat(plain.prompt()).containsExactly(PromptMessage.user("What is 2 + 2?"));
        assertThat(plain.promptFile()).isNull();
        Question chat = loaded.questions().get(1);
        assertThat(chat.prompt()).containsExactly(PromptMessage.system("Be terse."), PromptMessage.user("Think of a number."),
                PromptMessage.toFill("number"));
        assertThat(chat.id()).isNotNull();
        List<MultiRunItem> items = loaded.questions().get(2).multiRunPrompt();
        assertThat(items.get(0)).isEqualTo(new MultiRunItem("colour", 3, List.of(PromptMessage.user("Name a colour.")), null));
        assertThat(items.get(1).prompt()).containsExactly(PromptMessage.user("Hi"));
    }

    @Test
    void missingEscapingAndInvalidFilesAreReportedAtTheirPaths() throws IOException {
        write("suite/bad.prompt", "{\"content\": \"x\"}\n{\"content\": }\n");
        write("outside.prompt", "secret");
        Path benchmark = write("suite/b.yaml", """
                questions:
                  - question: a
                    prompt_file: x.prompt
                  - question: b
                    prompt_file: ../outside.prompt
                  - question: c
                    multi_run_prompt: [{name: n, prompt_file: bad.prompt}]
                  - question: d
                    prompt_file: notes.txt
                """);

        assertThat(errors(benchmark)).containsExactly(
                "questions[0].prompt_file: cannot read \"x.prompt\": no such file",
                "questions[1].prompt_file: \"../outside.prompt\" is outside the benchmark's folder; prompt files are read relative "
                        + "to it and must stay inside",
                "questions[2].multi_run_prompt[0].prompt_file: \"bad.prompt\" line 2: not a JSON message object (in a JSON lines "
                        + "file every non-blank line is one message): Unexpected character ('}' (code 125)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
                "questions[3].prompt_file: \"notes.txt\": a prompt file must end in .prompt");
    }

    @Test
    void anUnreadableBenchmarkFileIsOneError() {
        assertThat(errors(dir.resolve("none.yaml"))).singleElement().asString().endsWith("none.yaml\": no such file");
    }
}
