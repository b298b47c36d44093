package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;

import java.util.List;
import java.util.Map;

/**
 * {@code literal}: the judge picks one of the trait's named classes; the label is kept and the
 * score is the class's index (0 for the first).
 */
public final class LiteralTraitKind implements TraitKind {

    @Override
    public String name() {
        return RubricTrait.LITERAL;
    }

    @Override
    public List<String> fields() {
        return List.of("classes");
    }

    @Override
    public boolean judged() {
        return true;
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        problems.require(Problems.field(path, "description"), trait.description());
        checkClasses(trait, path, problems);
    }

    static void checkClasses(RubricTrait trait, String path, Problems problems) {
        String classesPath = Problems.field(path, "classes");
        if (trait.classes() == null || trait.classes().size() < 2) {
            problems.add(classesPath, "needs at least two classes (name: description), got "
                    + (trait.classes() == null ? "none" : trait.classes().size()));
            return;
        }
        for (Map.Entry<String, String> entry : trait.classes().entrySet()) {
            if (entry.getKey().isBlank()) {
                problems.add(classesPath, "a class name is blank");
            } else if (entry.getValue() == null || entry.getValue().isBlank()) {
                problems.add(Problems.field(classesPath, entry.getKey()), "needs a description for the judge");
            }
        }
    }
}
