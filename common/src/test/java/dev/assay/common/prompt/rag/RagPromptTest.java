package dev.assay.common.prompt.rag;

import dev.assay.common.benchmark.Passage;
import dev.assay.common.prompt.rag.variants.BaselineVariant;
import dev.assay.common.prompt.rag.variants.StrictVariant;
import dev.assay.common.prompt.rag.RagSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RagPromptTest {

    private static final List<Passage> PASSAGES = List.of(new Passage("a.md", "Alpha.", null),
            new Passage("b.md", "b".repeat(2000), null));

    @Test
    void defaultsAreTheBaselineVariantUnnumberedWithTheDefaultBudget() {
        String text = RagPrompt.render("Why?", PASSAGES, RagSettings.DEFAULTS);
        assertThat(text).isEqualTo(RagPrompt.render("Why?", PASSAGES, null));
        assertThat(text).isEqualTo("## Context\n\n" + ContextJoiner.join(PASSAGES, RagSettings.DEFAULT_BUDGET, false).text()
                + "\n\n## Request\n\nWhy?\n\n## Instructions\n\n" + BaselineVariant.INSTRUCTIONS + "\n\n" + RagSections.DEFENCE_CLAUSE);
    }

    @Test
    void numberingFollowsTheVariantUnlessTheSettingsSayOtherwise() {
        assertThat(RagPrompt.render("Why?", PASSAGES, new RagSettings("citation", null, null))).contains("[P1] source: a.md");
        assertThat(RagPrompt.render("Why?", PASSAGES, new RagSettings("baseline", null, true))).contains("[P2] source: b.md");
        assertThat(RagPrompt.render("Why?", PASSAGES, new RagSettings("shouting", null, false))).contains("[source: a.md]");
    }

    @Test
    void theBudgetComesFromTheSettingsAndTheReportSaysWhatWentIn() {
        RagPrompt.Rendered rendered = RagPrompt.build("Why?", PASSAGES, new RagSettings("strict", 500, null));
        assertThat(rendered.text()).contains(StrictVariant.REFUSAL, "bbb …\n</passage>");
        assertThat(rendered.context().whole()).extracting(JoinedContext.Placement::source).containsExactly("a.md");
        assertThat(rendered.context().cut()).extracting(JoinedContext.Placement::source).containsExactly("b.md");
    }

    @Test
    void noPassagesStillAskTheQuestion() {
        assertThat(RagPrompt.render("Why?", List.of(), RagSettings.DEFAULTS)).contains(RagSections.NO_PASSAGES, "Why?");
        assertThat(RagPrompt.render("Why?", null, RagSettings.DEFAULTS)).contains(RagSections.NO_PASSAGES);
    }

    @Test
    void aBlankQuestionOrAnUnknownVariantIsRejected() {
        assertThatThrownBy(() -> RagPrompt.render("  ", PASSAGES, RagSettings.DEFAULTS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("question text is empty");
        assertThatThrownBy(() -> RagPrompt.render("Why?", PASSAGES, new RagSettings("anti-prior", null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown prompt variant \"anti-prior\" (did you mean \"anti_prior\"?); valid variants: baseline");
    }
}
