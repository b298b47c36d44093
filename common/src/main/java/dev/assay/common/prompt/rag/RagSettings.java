package dev.assay.common.prompt.rag;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.prompt.rag.PromptVariant;
import dev.assay.common.prompt.rag.PromptVariants;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.Optional;

/**
 * How questions with passages are asked (run config {@code rag}; docs/prompts.md).
 *
 * @param variant     the prompt variant (default {@code baseline}); see the variant registry
 * @param budgetChars the context budget in code points (default 20,000)
 * @param numbered    label passages {@code [P1]}, {@code [P2]} …; default: as the variant says
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RagSettings(String variant, Integer budgetChars, Boolean numbered) implements Validatable {

    public static final String DEFAULT_VARIANT = "baseline";
    public static final int DEFAULT_BUDGET = 20_000;
    public static final RagSettings DEFAULTS = new RagSettings(null, null, null);

    @JsonIgnore
    public String effectiveVariant() {
        return variant == null ? DEFAULT_VARIANT : variant;
    }

    @JsonIgnore
    public int effectiveBudget() {
        return budgetChars == null ? DEFAULT_BUDGET : budgetChars;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (budgetChars != null && budgetChars < 1) {
            problems.add(Problems.field(path, "budget_chars"), "must be at least 1, got " + budgetChars);
        }
        if (variant != null) {
            Optional<PromptVariant> known = PromptVariants.global().find(variant);
            if (known.isEmpty()) {
                problems.add(Problems.field(path, "variant"), PromptVariants.global().unknown(variant));
            } else if (Boolean.FALSE.equals(numbered) && known.get().needsNumbers()) {
                problems.add(Problems.field(path, "numbered"), "cannot be false with variant " + variant
                        + ": its instructions cite passages by their [P1] labels");
            }
        }
    }
}
