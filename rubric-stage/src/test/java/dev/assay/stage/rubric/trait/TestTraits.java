package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;

import java.util.LinkedHashMap;
import java.util.Map;

/** Traits of every LLM-judged kind, shared by this package's tests (the same as common's TraitAnswerTest uses). */
final class TestTraits {

    static final RubricTrait POLITE = RubricTrait.booleanTrait("polite", "Is polite.");
    static final RubricTrait CLARITY = RubricTrait.scoreTrait("clarity", "How clear it is.", null, null, null);
    static final RubricTrait VERBOSITY = RubricTrait.scoreTrait("verbosity", "How wordy it is.", 0, 10, false);
    static final RubricTrait TONE = RubricTrait.literalTrait("tone", "The register.", classes());

    private TestTraits() {
    }

    static Map<String, String> classes() {
        Map<String, String> classes = new LinkedHashMap<>();
        classes.put("formal", "Formal register.");
        classes.put("neutral", "Neither formal nor casual.");
        classes.put("casual", "Everyday register.");
        return classes;
    }
}
