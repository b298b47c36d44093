package dev.assay.common.run;

import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.Question;

import java.util.ArrayList;
import java.util.List;

/**
 * Which few-shot examples a question's answering model sees: the question's own, then the run
 * pool's as the mode says. PLACEHOLDER: takes the whole pool whatever the mode.
 */
public final class FewShotSelection {

    private FewShotSelection() {
    }

    public static List<FewShotExample> select(Question question, FewShotSettings settings) {
        List<FewShotExample> examples = new ArrayList<>(question.fewShot());
        examples.addAll(settings.examples());
        return examples;
    }
}
