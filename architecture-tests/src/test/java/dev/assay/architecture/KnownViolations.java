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
     * Package cycles still to be untangled. None: common's model cycle went when run planning moved
     * to common.spec and the kind checks came to be supplied from there (KindChecks). Each entry is exactly one strongly
     * connected group of slices; {@link PackageCyclesTest} folds it into one slice, so a new cycle
     * that reaches any other package still fails, and fails when a group has split or shrunk,
     * naming what is left.
     */
    static final List<KnownCycle> KNOWN_CYCLES_TO_REMOVE = List.of();

    /** Main classes that use {@code dev.assay.testsupport} (top-level class names). None since the local-stack module. */
    static final Set<String> KNOWN_TEST_SUPPORT_USES_TO_REMOVE = Set.of();

    /** Modules (folder names) whose pom.xml depends on test-support outside test scope. None since the local-stack module. */
    static final Set<String> KNOWN_TEST_SUPPORT_DEPENDENCIES_TO_REMOVE = Set.of();

    private KnownViolations() {
    }
}
