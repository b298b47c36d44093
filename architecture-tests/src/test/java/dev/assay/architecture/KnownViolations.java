package dev.assay.architecture;

import java.util.List;
import java.util.Set;

/**
 * Every known breach of the architecture rules, in one place. Each list only shrinks: a rule
 * fails on any breach not listed here, and a companion check fails when a listed breach is gone,
 * so its entry is deleted in the change that removed it. Empty lists are the goal.
 */
final class KnownViolations {

    /**
     * Package cycles in {@code common}, to be untangled (the untangling of common's model packages
     * is under way in parallel with this test's introduction). Each entry is exactly one strongly
     * connected group of slices; {@link PackageCyclesTest} folds it into one slice, so a new cycle
     * that reaches any other package still fails, and fails when a group has split or shrunk,
     * naming what is left.
     */
    static final List<KnownCycle> KNOWN_CYCLES_TO_REMOVE = List.of(
            // What is left, and the whole of it: benchmark's records check themselves through the
            // registries above them (RubricTrait/Rubric/Question -> benchmark.trait's TraitKinds and
            // TraitScope; TemplateField -> template.primitive's Primitives; AnswerTemplate ->
            // template's Composition; RegexCheck -> template.primitive's RegexFlags). Every other edge
            // among these packages points down (run planning and validation moved to common.spec,
            // RunOutput to run, RagSettings to prompt.rag), so moving those checks into a checker in
            // common.spec dissolves the whole group.
            KnownCycle.of("common's benchmark model",
                    "common.benchmark", "common.benchmark.trait", "common.template", "common.template.primitive",
                    "common.pipeline", "common.run", "common.nugget", "common.prompt.rag"));

    /** Main classes that use {@code dev.assay.testsupport} (top-level class names). None since the local-stack module. */
    static final Set<String> KNOWN_TEST_SUPPORT_USES_TO_REMOVE = Set.of();

    /** Modules (folder names) whose pom.xml depends on test-support outside test scope. None since the local-stack module. */
    static final Set<String> KNOWN_TEST_SUPPORT_DEPENDENCIES_TO_REMOVE = Set.of();

    private KnownViolations() {
    }
}
