package dev.assay.common.prompt.rag.variants;

import dev.assay.common.benchmark.Passage;
import dev.assay.common.prompt.rag.ContextJoiner;
import dev.assay.common.prompt.rag.JoinedContext;
import dev.assay.common.prompt.rag.PromptVariant;
import dev.assay.common.prompt.rag.PromptVariants;
import dev.assay.common.prompt.rag.RagSections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BuiltInVariantsTest {

    private static final List<Passage> PASSAGES = List.of(new Passage("guide.md", "The default port is 8080.", 0.9),
            new Passage("faq.md", "Ports can be changed in config.yaml.", 0.7));

    private static String render(String name, String question) {
        PromptVariant variant = PromptVariants.global().require(name);
        JoinedContext context = ContextJoiner.join(PASSAGES, 1000, variant.numbersPassages());
        return variant.render(question, context);
    }

    @ParameterizedTest
    @ValueSource(strings = {"baseline", "strict", "citation", "anti_prior"})
    void eachHasContextRequestAndInstructionsThenTheDefenceClause(String name) {
        String text = render(name, "  What is the default port?\n");
        assertThat(text).startsWith("## Context\n\n<passage>\n");
        assertThat(text).contains("The default port is 8080.\n</passage>", "\n\n## Request\n\nWhat is the default port?\n\n## Instructions\n\n");
        assertThat(text.indexOf("## Context")).isLessThan(text.indexOf("## Request"));
        assertThat(text.indexOf("## Request")).isLessThan(text.indexOf("## Instructions"));
        assertThat(text).endsWith("\n\n" + RagSections.DEFENCE_CLAUSE);
        assertThat(text.indexOf(RagSections.DEFENCE_CLAUSE)).isEqualTo(text.length() - RagSections.DEFENCE_CLAUSE.length());
    }

    @ParameterizedTest
    @ValueSource(strings = {"baseline", "strict", "citation", "anti_prior"})
    void aBlankQuestionIsRejected(String name) {
        assertThatThrownBy(() -> render(name, " \n")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("question text is empty");
        assertThatThrownBy(() -> render(name, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void baselineOnlyOffersThePassages() {
        assertThat(render("baseline", "Q?")).contains("[source: guide.md]", BaselineVariant.INSTRUCTIONS).doesNotContain("[P1]");
    }

    @Test
    void strictAllowsOnlyThePassagesOrTheFixedRefusal() {
        assertThat(render("strict", "Q?")).contains("using only information stated in the passages",
                "reply with exactly this sentence and nothing else: " + StrictVariant.REFUSAL);
    }

    @Test
    void citationNumbersThePassagesAndAsksForPnCitations() {
        PromptVariant citation = PromptVariants.global().require("citation");
        assertThat(citation.numbersPassages()).isTrue();
        assertThat(citation.needsNumbers()).isTrue();
        assertThat(render("citation", "Q?")).contains("[P1] source: guide.md", "[P2] source: faq.md", "for example [P1]");
    }

    @Test
    void antiPriorPrefersThePassages() {
        assertThat(render("anti_prior", "Q?")).contains("follow the passages");
    }

    @Test
    void noPassagesAreShownAsSuch() {
        PromptVariant baseline = PromptVariants.global().require("baseline");
        assertThat(baseline.render("Q?", ContextJoiner.join(List.of(), 100, false)))
                .startsWith("## Context\n\n" + RagSections.NO_PASSAGES + "\n\n## Request");
    }
}
