package dev.assay.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

import java.util.List;
import java.util.Optional;

/**
 * Names the slice a product class belongs to for the package-cycle rule: its package below
 * {@code dev.assay} ({@code common.benchmark}), or the root of the declared component it lies in
 * ({@code importers} for {@code dev.assay.importers.karenina}), so a component's packages may
 * reference each other.
 */
final class ProductSlices {

    static final String ROOT = "dev.assay";

    private ProductSlices() {
    }

    /** The slice of a class, empty for classes outside {@code dev.assay}. */
    static Optional<String> of(JavaClass javaClass) {
        return ofPackage(javaClass.getPackageName());
    }

    static Optional<String> ofPackage(String packageName) {
        if (!packageName.startsWith(ROOT + ".")) {
            return Optional.empty();
        }
        String relative = packageName.substring(ROOT.length() + 1);
        return Optional.of(DeclaredComponents.ALL.stream()
                .map(DeclaredComponent::root)
                .filter(root -> relative.equals(root) || relative.startsWith(root + "."))
                .findFirst()
                .orElse(relative));
    }

    /**
     * The slices the cycle rule checks: {@link #of} slices, with each of the given known cycles
     * folded into one slice. A cycle inside a known one is not reported again; a cycle that pulls
     * in any other slice is.
     */
    static SliceAssignment foldingKnownCycles(List<KnownCycle> knownCycles) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                return of(javaClass)
                        .map(slice -> knownCycles.stream()
                                .filter(cycle -> cycle.slices().contains(slice))
                                .findFirst()
                                .map(cycle -> "known cycle \"" + cycle.name() + "\"")
                                .orElse(slice))
                        .map(SliceIdentifier::of)
                        .orElseGet(SliceIdentifier::ignore);
            }

            @Override
            public String getDescription() {
                return "packages of " + ROOT + " (declared components and known cycles as one slice each)";
            }
        };
    }
}
