package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;

import java.util.List;

/**
 * {@code metric}: the judge says which instructions the response satisfies and which it
 * violates; the stage computes precision, recall and F1 (and, in {@code full_matrix} mode,
 * specificity and accuracy) from the confusion lists.
 */
public final class MetricTraitKind implements TraitKind {

    public static final List<String> MODES = List.of(RubricTrait.TP_ONLY, RubricTrait.FULL_MATRIX);

    @Override
    public String name() {
        return RubricTrait.METRIC;
    }

    @Override
    public List<String> fields() {
        return List.of("tp_instructions", "tn_instructions", "mode");
    }

    @Override
    public boolean judged() {
        return true;
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        String mode = trait.effectiveMode();
        if (!MODES.contains(mode)) {
            problems.add(Problems.field(path, "mode"), "unknown mode \"" + mode + "\"" + Suggestions.didYouMean(mode, MODES)
                    + "; expected one of " + String.join(", ", MODES));
            return;
        }
        checkInstructions(trait.tpInstructions(), Problems.field(path, "tp_instructions"), problems, true);
        if (trait.isFullMatrix()) {
            checkInstructions(trait.tnInstructions(), Problems.field(path, "tn_instructions"), problems, true);
        } else if (trait.tnInstructions() != null) {
            problems.add(Problems.field(path, "tn_instructions"), "are only used in mode full_matrix; set mode: full_matrix or remove them");
        }
    }

    private static void checkInstructions(List<String> instructions, String path, Problems problems, boolean required) {
        if (instructions == null || instructions.isEmpty()) {
            if (required) {
                problems.add(path, "needs at least one instruction");
            }
            return;
        }
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i) == null || instructions.get(i).isBlank()) {
                problems.add(Problems.index(path, i), "is blank");
            }
        }
    }
}
