package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.validation.Problems;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checker translators by {@code checker_name}. Open: {@link #with} adds one, so a new checker
 * kind is a new class, not a new case. Every trait a translator makes is validated as the
 * question will be (an expression compiled for the question's parameters); one that is not
 * valid is reported as not converted rather than written.
 */
final class CheckerTranslators {

    private static final CheckerTranslators STANDARD = new CheckerTranslators(List.of(
            new RegexCheckerTranslator(),
            new ExactMatchCheckerTranslator(),
            new LambdaCheckerTranslator(),
            new MultiRunLambdaCheckerTranslator(),
            new NumberCheckerTranslator(),
            new MonotonicityCheckerTranslator(),
            new RefuseCheckerTranslator(),
            new DeclinedChecker("ToxicityChecker", "it scores the response with a toxicity classifier model"),
            new DeclinedChecker("BiasChecker", "it scores the response with a bias classifier model"),
            new FuzzyMatchCheckerTranslator(),
            new DeclinedChecker("PII_Checker", "it runs Microsoft Presidio to find personal data in the response")));

    private final Map<String, CheckerTranslator> byName;

    CheckerTranslators(List<CheckerTranslator> translators) {
        Map<String, CheckerTranslator> map = new LinkedHashMap<>();
        for (CheckerTranslator translator : translators) {
            translator.checkerNames().forEach(name -> map.put(name, translator));
        }
        this.byName = Collections.unmodifiableMap(map);
    }

    static CheckerTranslators standard() {
        return STANDARD;
    }

    /** These translators and {@code more} (which wins for the names it claims). */
    CheckerTranslators with(CheckerTranslator more) {
        List<CheckerTranslator> all = new ArrayList<>(byName.values().stream().distinct().toList());
        all.add(more);
        return new CheckerTranslators(all);
    }

    /** The checker of {@code test} for one instance. */
    CheckerTranslation translate(LveTest test, CheckerContext context) {
        String name = test.checkerName();
        if (name == null) {
            return CheckerTranslation.notConverted("the test has no checker_args.checker_name, so the question has no checker trait");
        }
        String prefix = "checker " + name + " not converted: ";
        if (test.customChecker()) {
            return CheckerTranslation.notConverted(prefix + "the test's checker/ folder defines checkers in Python, "
                    + "which is never run or translated");
        }
        CheckerTranslator translator = byName.get(name);
        if (translator == null) {
            return CheckerTranslation.notConverted(prefix + "no translation for it (known: " + String.join(", ", byName.keySet()) + ")");
        }
        RubricTrait trait;
        try {
            trait = translator.translate(context);
        } catch (Untranslatable e) {
            return CheckerTranslation.notConverted(prefix + e.getMessage());
        }
        Problems problems = new Problems();
        trait.validate("checker", TraitScope.of(context.promptParameters().keySet()), problems);
        if (!problems.isEmpty()) {
            // a translation that does not validate is a bug of the translator; the question is kept without it
            return CheckerTranslation.notConverted(prefix + "its translation is not valid (" + problems.errors().get(0).message() + ")");
        }
        return CheckerTranslation.converted(trait);
    }

    /** A checker lve-tools ships whose verdict no rule reproduces. */
    private record DeclinedChecker(String name, String reason) implements CheckerTranslator {

        @Override
        public Set<String> checkerNames() {
            return Set.of(name);
        }

        @Override
        public RubricTrait translate(CheckerContext context) {
            throw new Untranslatable(reason);
        }
    }
}
