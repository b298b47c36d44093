package dev.assay.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

import java.util.Set;

/**
 * Slices the product by module package root: {@code dev.assay.X} for a module, and
 * {@code dev.assay.stage.X} for each stage library (which share {@code dev.assay.stage}).
 */
final class ModuleRoots implements SliceAssignment {

    private final Set<String> only;

    private ModuleRoots(Set<String> only) {
        this.only = only;
    }

    /** Every module root. */
    static ModuleRoots all() {
        return new ModuleRoots(Set.of());
    }

    /** Only the given roots, e.g. {@code "generation", "parsing", "rubric"}; other classes are left out. */
    static ModuleRoots only(String... roots) {
        return new ModuleRoots(Set.of(roots));
    }

    static String rootOf(String packageName) {
        String[] parts = packageName.split("\\.");
        if (parts.length < 3 || !parts[0].equals("dev") || !parts[1].equals("assay")) {
            return null;
        }
        if (parts[2].equals("stage") && parts.length > 3) {
            return "stage." + parts[3];
        }
        return parts[2];
    }

    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
        String root = rootOf(javaClass.getPackageName());
        if (root == null || !(only.isEmpty() || only.contains(root))) {
            return SliceIdentifier.ignore();
        }
        return SliceIdentifier.of("dev.assay." + root);
    }

    @Override
    public String getDescription() {
        return only.isEmpty() ? "module package roots" : "module package roots " + only;
    }
}
