package dev.assay.common.nugget;

import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.NuggetImportance;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NuggetPromptsTest {

    private static final NuggetPrompts PROMPTS = new NuggetPrompts();
    private static final List<Nugget> WINDOW = List.of(new Nugget("Paris is the capital of France", NuggetImportance.VITAL),
            new Nugget("Paris has about 2.1 million inhabitants", null), new Nugget("The Seine\nflows through Paris", null));

    @Test
    void everyStyleAndFormatRendersWithTheNumberedNuggetsAndTheFormatInstruction() {
        for (NuggetPromptStyle style : NuggetPromptStyle.values()) {
            for (NuggetOutputFormat format : NuggetOutputFormat.values()) {
                NuggetPrompt prompt = PROMPTS.render(style, format, "What is the capital of France?",
                        JudgedText.response("Paris is the capital."), WINDOW);
                String combo = style.wireName() + " × " + format.wireName();

                assertThat(prompt.system()).as(combo).isNotBlank().doesNotContain("{{").doesNotContain("[system]");
                assertThat(prompt.user()).as(combo)
                        .contains("What is the capital of France?")
                        .contains("Paris is the capital.")
                        .contains("1. Paris is the capital of France\n2. Paris has about 2.1 million inhabitants\n"
                                + "3. The Seine flows through Paris")
                        .contains(PROMPTS.formatInstruction(format, 3))
                        .contains("3")
                        .doesNotContain("{{").doesNotContain("[user]")
                        // the judge labels; importance is for scoring only and is not shown
                        .doesNotContainIgnoringCase("vital");
            }
        }
    }

    @Test
    void eachFormatInstructionAsksForItsFormatAndTheCount() {
        assertThat(PROMPTS.formatInstruction(NuggetOutputFormat.JSON, 7)).contains("\"labels\"").contains("exactly 7 labels")
                .contains("{\"labels\": [");
        assertThat(PROMPTS.formatInstruction(NuggetOutputFormat.MARKDOWN, 7)).contains("numbered list").contains("exactly 7 items");
        assertThat(PROMPTS.formatInstruction(NuggetOutputFormat.CSV, 7)).contains("index,label").contains("exactly 7 rows");
        assertThat(PROMPTS.formatInstruction(NuggetOutputFormat.YAML, 7)).contains("labels:\n  - support").contains("exactly 7 items");
        assertThat(PROMPTS.formatInstruction(NuggetOutputFormat.XML, 7)).contains("<labels>").contains("<label>support</label>")
                .contains("exactly 7 <label>");
        assertThat(PROMPTS.formatInstruction(NuggetOutputFormat.ADAPTIVE, 7)).contains("exactly 7 labels").contains("Any clear layout");
    }

    @Test
    void theStylesDifferInWhatTheyAskFor() {
        JudgedText response = JudgedText.response("Paris.");
        String noReasoning = PROMPTS.render(NuggetPromptStyle.NO_REASONING, NuggetOutputFormat.JSON, "Q?", response, WINDOW).user();
        String shortCot = PROMPTS.render(NuggetPromptStyle.SHORT_COT, NuggetOutputFormat.JSON, "Q?", response, WINDOW).user();
        String longCot = PROMPTS.render(NuggetPromptStyle.LONG_COT, NuggetOutputFormat.JSON, "Q?", response, WINDOW).user();
        NuggetPrompt legacy = PROMPTS.render(NuggetPromptStyle.LEGACY, NuggetOutputFormat.JSON, "Q?", response, WINDOW);
        String optimized = PROMPTS.render(NuggetPromptStyle.OPTIMIZED, NuggetOutputFormat.JSON, "Q?", response, WINDOW).user();

        assertThat(noReasoning).contains("answer with the labels only").doesNotContain("<reasoning>");
        assertThat(shortCot).contains("one short reason per nugget").contains("<reasoning>");
        assertThat(longCot).contains("Think step by step").contains("<reasoning>");
        assertThat(legacy.system()).contains("NuggetAssigner");
        assertThat(legacy.user()).contains("support,\npartial_support or not_support").contains("Search query: Q?")
                .contains("Response: Paris.").contains("Only return the list of labels");
        assertThat(optimized).contains("Edge cases:").contains("contradiction is not_support");
    }

    @Test
    void aPassageIsNamedAsSuch() {
        NuggetPrompt prompt = PROMPTS.render(NuggetPromptStyle.SHORT_COT, NuggetOutputFormat.JSON, "Q?",
                JudgedText.passage("doc-7", "The capital is Paris."), WINDOW);
        NuggetPrompt legacy = PROMPTS.render(NuggetPromptStyle.LEGACY, NuggetOutputFormat.JSON, "Q?",
                JudgedText.passage("doc-7", "The capital is Paris."), WINDOW);

        assertThat(prompt.user()).contains("<passage>\nThe capital is Paris.\n</passage>").doesNotContain("<response>");
        assertThat(prompt.system()).contains("the given passage");
        assertThat(legacy.user()).contains("Passage: The capital is Paris.");
    }

    @Test
    void valuesAreInsertedAsWrittenAndNeverExpanded() {
        NuggetPrompt prompt = PROMPTS.render(NuggetPromptStyle.NO_REASONING, NuggetOutputFormat.CSV, "What is {{text}}? $1 \\n",
                JudgedText.response("I quote {{nuggets}} and {{format}}."), WINDOW);

        assertThat(prompt.user()).contains("What is {{text}}? $1 \\n").contains("I quote {{nuggets}} and {{format}}.");
    }

    @Test
    void missingOrBrokenTemplatesFailWhenLoadedNamingTheFile() {
        assertThatThrownBy(() -> new NuggetPrompts("no-such-folder"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("prompt template no-such-folder/no_reasoning.txt is missing from the classpath");
        assertThatThrownBy(() -> PromptTemplate.of("x.txt", "{{question}} {{qestion}}", Set.of("question"), Set.of()))
                .hasMessage("x.txt: unknown placeholder(s) [qestion]; known: [question]");
        assertThatThrownBy(() -> PromptTemplate.of("x.txt", "{{question}}", Set.of("question", "nuggets"), Set.of("nuggets")))
                .hasMessage("x.txt: missing placeholder(s) [nuggets]");
        assertThatThrownBy(() -> PromptTemplate.of("x.txt", "{{question}}", Set.of("question"), Set.of()).fill(Map.of()))
                .hasMessage("x.txt: no value for placeholder {{question}}");
        assertThatThrownBy(() -> PROMPTS.render(NuggetPromptStyle.LEGACY, NuggetOutputFormat.JSON, "Q?", JudgedText.response("r"), List.of()))
                .hasMessage("a nugget window needs at least one nugget");
    }
}
