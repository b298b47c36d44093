package dev.assay.common.prompt.rag;

import dev.assay.common.benchmark.Passage;
import dev.assay.common.prompt.rag.variants.BaselineVariant;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptVariantsTest {

    @Test
    void builtInsComeFirstThenServiceLoaderVariants() {
        assertThat(PromptVariants.global().names()).containsExactly("baseline", "strict", "citation", "anti_prior", "shouting");
        PromptVariant shouting = PromptVariants.global().require("shouting");
        assertThat(shouting).isInstanceOf(ShoutingVariant.class);
        JoinedContext context = ContextJoiner.join(List.of(new Passage("s", "text", null)), 1000, shouting.numbersPassages());
        assertThat(shouting.render("Why?", context)).contains("[P1] source: s", "ANSWER LOUDLY.").endsWith(RagSections.DEFENCE_CLAUSE);
    }

    @Test
    void anUnknownVariantNamesTheValidOnes() {
        assertThatThrownBy(() -> PromptVariants.global().require("strcit")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown prompt variant \"strcit\" (did you mean \"strict\"?); valid variants: "
                        + "baseline, strict, citation, anti_prior, shouting");
        assertThat(PromptVariants.global().find(null)).isEmpty();
    }

    @Test
    void twoVariantsWithOneNameAreRejected() {
        assertThatThrownBy(() -> new PromptVariants(List.of(new BaselineVariant(), new BaselineVariant())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("two prompt variants named \"baseline\"");
    }
}
