package dev.assay.architecture;

import java.util.List;

/**
 * The package groups allowed to reference each other: each is one slice for the cycle rule
 * ({@link PackageCyclesTest}). Keep this list short; declare a component only when its packages
 * are one unit by design — typically an extension point whose registry names its built-in
 * implementations, which live in subpackages and implement the extension point's interface.
 */
final class DeclaredComponents {

    static final List<DeclaredComponent> ALL = List.of(
            new DeclaredComponent("importers",
                    "the importer extension point (BenchmarkImporter, ImportEntry), its registry (BuiltInImporters) "
                            + "and the built-in importers in its subpackages (karenina/, lve/, jsonl/)"),
            new DeclaredComponent("common.prompt.rag",
                    "the prompt-variant extension point (PromptVariant), its registry (PromptVariants) "
                            + "and the built-in variants in variants/"));

    private DeclaredComponents() {
    }
}
