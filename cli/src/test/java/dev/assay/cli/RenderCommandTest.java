package dev.assay.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RenderCommandTest {

    @TempDir
    Path dir;

    private String[] run(String... args) {
        CommandLine cli = AssayCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new String[]{String.valueOf(exit), out.toString(), err.toString()};
    }

    private Path benchmark() throws Exception {
        Files.writeString(dir.resolve("chat.prompt"), """
                {"role": "system", "content": "You are terse."}
                {"role": "user", "content": "What is {x} times {y}?"}
                {"role": "assistant", "content": null, "variable": "product"}
                {"role": "user", "content": "Add {{one}}."}
                """);
        return Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: plain, question: "Capital of France?", few_shot: [{question: "Capital of Spain?", answer: Madrid}]}
                  - {id: lve, question: arithmetic, prompt_file: chat.prompt, prompt_parameters: {x: "6", y: "7"}}
                """);
    }

    @Test
    void aPlainQuestionShowsFewShotThenTheQuestionThenTheModelsTurn() throws Exception {
        String[] run = run("render", benchmark().toString(), "--question", "plain");
        assertThat(run[0]).isEqualTo("0");
        assertThat(run[1]).contains("# generation for question plain (openai:render)")
                .containsSubsequence("[user]\nCapital of Spain?", "[assistant]\nMadrid", "[user]\nCapital of France?",
                        "[assistant] ⟨filled by the model, kept as response⟩");
    }

    @Test
    void anLvePromptFileIsReadFilledAndShownTurnByTurn() throws Exception {
        String[] run = run("render", benchmark().toString(), "--question", "lve");
        assertThat(run[0]).isEqualTo("0");
        assertThat(run[1]).containsSubsequence("[system]\nYou are terse.", "[user]\nWhat is 6 times 7?",
                "⟨filled by the model, kept as product⟩", "[user]\nAdd {one}.", "⟨filled by the model, kept as response⟩");
    }

    @Test
    void anUnknownQuestionOrATaskItCannotRenderIsInvalidInput() throws Exception {
        String[] unknown = run("render", benchmark().toString(), "--question", "plian");
        assertThat(unknown[0]).isEqualTo("2");
        assertThat(unknown[2]).contains("no question with id \"plian\"").contains("its questions: plain, lve");
        String[] judge = run("render", benchmark().toString(), "--question", "plain", "--task", "parsing");
        assertThat(judge[0]).isEqualTo("2");
        assertThat(judge[2]).contains("parsing cannot be rendered by the CLI yet");
    }
}
