package dev.assay.common.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.validation.Problems;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The checks of a benchmark that depend on what kinds exist: trait kinds, verification
 * primitives and template compositions. The records here check their own shape; these checks
 * need the registries above the model (common.benchmark.trait, common.template), which read the
 * records, so they are supplied from above ({@code common.spec.RegistryKindChecks}, registered in
 * {@code META-INF/services}) instead of called from here, and the model depends on nothing above it.
 */
public interface KindChecks {

    /** The trait's kind is known, its fields are the kind's, and the kind's own checks pass (for a question of {@code scope}). */
    void checkTrait(RubricTrait trait, TraitScope scope, String path, Problems problems);

    /** The field's {@code verify} primitive and its parameters suit the field. */
    void checkVerification(TemplateField field, String path, Problems problems);

    /** The template's {@code composition} rule reads for a template of {@code fieldCount} fields. */
    void checkComposition(JsonNode composition, int fieldCount, String path, Problems problems);

    /** The installed checks: exactly one, found once. */
    static KindChecks installed() {
        return Installed.CHECKS;
    }

    /** Holder, so the lookup runs once, on first use. */
    final class Installed {
        private static final KindChecks CHECKS = find();

        private Installed() {
        }

        private static KindChecks find() {
            Iterator<KindChecks> found = ServiceLoader.load(KindChecks.class, KindChecks.class.getClassLoader()).iterator();
            if (!found.hasNext()) {
                throw new IllegalStateException("no " + KindChecks.class.getName() + " is registered in META-INF/services: "
                        + "the assay-common jar is incomplete");
            }
            return found.next();
        }
    }
}
