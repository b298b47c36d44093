package dev.assay.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * No package of the product's main classes is in a cycle, except within a declared component
 * ({@link DeclaredComponents}) and the cycles listed to be removed
 * ({@link KnownViolations#KNOWN_CYCLES_TO_REMOVE}).
 */
@AnalyzeClasses(packages = ProductSlices.ROOT, importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = slices()
            .assignedFrom(ProductSlices.foldingKnownCycles(KnownViolations.KNOWN_CYCLES_TO_REMOVE))
            .should().beFreeOfCycles()
            .because("a package cycle makes its packages one unit that can only be understood, tested and split "
                    + "together; packages that belong together are declared in DeclaredComponents, and the "
                    + "cycles still to be removed are listed in KnownViolations.KNOWN_CYCLES_TO_REMOVE");

    /** Each listed known cycle still exists, whole: an entry is trimmed as soon as its cycle is. */
    @ArchTest
    static void knownCyclesAreStillWhole(JavaClasses classes) {
        SliceGraph graph = SliceGraph.of(classes);
        List<String> stale = new ArrayList<>();
        for (KnownCycle cycle : KnownViolations.KNOWN_CYCLES_TO_REMOVE) {
            List<String> unknown = cycle.slices().stream().filter(slice -> !graph.contains(slice)).sorted().toList();
            if (!unknown.isEmpty()) {
                stale.add("known cycle \"" + cycle.name() + "\" names packages with no main classes (or inside a "
                        + "declared component): " + unknown);
                continue;
            }
            Set<Set<String>> groups = graph.cyclesWithin(cycle.slices());
            if (groups.size() > 1) {
                List<Set<String>> left = groups.stream().filter(group -> group.size() > 1).toList();
                stale.add("known cycle \"" + cycle.name() + "\" is no longer one cycle; what is left of it: "
                        + (left.isEmpty() ? "nothing (delete the entry)" : left + " (one entry each)"));
            }
        }
        assertThat(stale)
                .as("KnownViolations.KNOWN_CYCLES_TO_REMOVE lists cycles that are gone: update it")
                .isEmpty();
    }
}
