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
        String[] nuggets = run("render", benchmark().toString(), "--question", "plain", "--task", "nugget_assignment",
                "--response", "Paris.");
        assertThat(nuggets[0]).isEqualTo("2");
        assertThat(nuggets[2]).contains("question plain has no nuggets");
        String[] agentic = run("render", benchmark().toString(), "--question", "plain", "--task", "agentic_parsing_investigation");
        assertThat(agentic[0]).isEqualTo("2");
        assertThat(agentic[2]).contains("agentic_parsing_investigation cannot be rendered by the CLI yet");
    }

    @Test
    void theNuggetPromptIsTheRunsStyleAndFormatForTheFirstWindow() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("n.yaml"), """
                questions:
                  - id: n1
                    question: "Why is the sky blue?"
                    nuggets: [{text: Rayleigh scattering, importance: vital}, {text: shorter wavelengths scatter more}, {text: third}]
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                nugget_evaluation: {window_size: 2, prompt_style: no_reasoning, output_format: csv}
                prompt_config: {nugget_assignment: "NUGGET NOTE"}
                """);
        String[] run = run("render", benchmark.toString(), "--question", "n1", "--task", "nugget_assignment", "--config",
                config.toString(), "--response", "Because of Rayleigh scattering.");
        assertThat(run[0]).as(run[2]).isEqualTo("0");
        assertThat(run[1]).contains("1. Rayleigh scattering").contains("2. shorter wavelengths scatter more")
                .doesNotContain("3. third").contains("Because of Rayleigh scattering.").contains("NUGGET NOTE")
                .doesNotContain("<json_schema>");
    }

    private Path judged() throws Exception {
        return Files.writeString(dir.resolve("judged.yaml"), """
                questions:
                  - id: q1
                    question: "Capital of France?"
                    raw_answer: "Paris."
                    template: {fields: {city: {type: string, description: the capital city, ground_truth: Paris}}}
                    rubric:
                      traits:
                        - {name: polite, kind: boolean, description: "Is polite."}
                        - {name: clarity, kind: score, description: "How clear it is."}
                        - {name: has_four, kind: regex, pattern: "4"}
                """);
    }

    /** The [system] and [user] texts of a render's output. */
    private static String[] systemAndUser(String output) {
        int system = output.indexOf("[system]\n");
        int user = output.indexOf("\n[user]\n");
        assertThat(system).isNotNegative();
        assertThat(user).isGreaterThan(system);
        return new String[]{output.substring(system + "[system]\n".length(), user), output.substring(user + "\n[user]\n".length())};
    }

    @Test
    void parsingRendersTheTaskTextTheTemplatesSchemaAndTheResponse() throws Exception {
        String[] run = run("render", judged().toString(), "--question", "q1", "--task", "parsing", "--response", "It is Paris, I think.");
        assertThat(run[0]).as(run[2]).isEqualTo("0");
        assertThat(run[1]).startsWith("# parsing for question q1 (judge interface openai)");
        String[] texts = systemAndUser(run[1]);
        assertThat(texts[0]).startsWith("You extract the answer a model gave").contains("<json_schema>").contains("\"city\"")
                .doesNotContain("ground_truth").doesNotContain("Paris");
        assertThat(texts[1]).contains("<question>\nCapital of France?\n</question>").contains("It is Paris, I think.");
    }

    @Test
    void anLlmTraitBatchRendersItsBooleanAndScoreTraitsWithTheRawAnswerByDefault() throws Exception {
        String[] run = run("render", judged().toString(), "--question", "q1", "--task", "rubric_llm_trait_batch");
        assertThat(run[0]).as(run[2]).isEqualTo("0");
        String[] texts = systemAndUser(run[1]);
        assertThat(texts[0]).startsWith("You evaluate a model's response to a question against a list of traits.")
                .contains("<json_schema>").contains("\"polite\"").contains("\"clarity\"").doesNotContain("has_four");
        assertThat(texts[1]).contains("<response>\nParis.\n</response>").contains("- polite (").contains("- clarity (")
                .doesNotContain("has_four");
    }

    @Test
    void aSingleTraitRendersTheNamedOne() throws Exception {
        String[] run = run("render", judged().toString(), "--question", "q1", "--task", "rubric_llm_trait_single", "--trait", "clarity");
        assertThat(run[0]).as(run[2]).isEqualTo("0");
        assertThat(systemAndUser(run[1])[1]).contains("- clarity (").doesNotContain("- polite (");
        String[] unknown = run("render", judged().toString(), "--question", "q1", "--task", "rubric_llm_trait_single", "--trait", "clarty");
        assertThat(unknown[0]).isEqualTo("2");
        assertThat(unknown[2]).contains("no trait \"clarty\"").contains("polite, clarity");
    }

    @Test
    void aJudgeTaskTheQuestionHasNothingForOrNoResponseToJudgeIsInvalidInput() throws Exception {
        String[] literal = run("render", judged().toString(), "--question", "q1", "--task", "rubric_literal_trait_batch");
        assertThat(literal[0]).isEqualTo("2");
        assertThat(literal[2]).contains("question q1 has no literal traits");
        String[] noTemplate = run("render", benchmark().toString(), "--question", "plain", "--task", "parsing", "--response", "Paris");
        assertThat(noTemplate[0]).isEqualTo("2");
        assertThat(noTemplate[2]).contains("question plain has no answer template");
        String[] noResponse = run("render", benchmark().toString(), "--question", "plain", "--task", "abstention_detection");
        assertThat(noResponse[0]).isEqualTo("2");
        assertThat(noResponse[2]).contains("has no raw_answer").contains("--response");
    }

    @Test
    void forAnthropicTheSchemaIsNotPastedIntoTheSystemText() throws Exception {
        String[] run = run("render", judged().toString(), "--question", "q1", "--task", "abstention_detection", "--interface", "anthropic");
        assertThat(run[0]).as(run[2]).isEqualTo("0");
        assertThat(systemAndUser(run[1])[0]).startsWith("You check whether a model attempted to answer").doesNotContain("<json_schema>");
    }
}
