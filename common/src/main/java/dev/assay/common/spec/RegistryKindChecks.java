package dev.assay.common.spec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.KindChecks;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.trait.TraitKind;
import dev.assay.common.benchmark.trait.TraitKinds;
import dev.assay.common.template.Composition;
import dev.assay.common.template.primitive.Primitives;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.Problems;

import java.util.List;
import java.util.Optional;

/** The benchmark's kind checks against the registries: trait kinds, verification primitives, compositions. */
public final class RegistryKindChecks implements KindChecks {

    @Override
    public void checkTrait(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        String kind = trait.kind();
        List<String> kinds = TraitKinds.global().names();
        if (kind == null || kind.isBlank()) {
            problems.add(Problems.field(path, "kind"), "is required (one of " + String.join(", ", kinds) + ")");
            return;
        }
        Optional<TraitKind> known = TraitKinds.global().find(kind);
        if (known.isEmpty()) {
            problems.add(Problems.field(path, "kind"), "unknown trait kind \"" + kind + "\"" + Suggestions.didYouMean(kind, kinds)
                    + "; known kinds: " + String.join(", ", kinds));
            return;
        }
        TraitKind traitKind = known.get();
        for (String field : trait.setFields()) {
            if (!RubricTrait.COMMON_FIELDS.contains(field) && !traitKind.fields().contains(field)) {
                problems.add(Problems.field(path, field), "is not used by " + kind + " traits"
                        + (traitKind.fields().isEmpty() ? "" : " (they use " + String.join(", ", traitKind.fields()) + ")"));
            }
        }
        traitKind.validate(trait, scope, path, problems);
    }

    @Override
    public void checkVerification(TemplateField field, String path, Problems problems) {
        // The primitive checks its own parameters, and whether it needs the ground truth (ranges do not).
        Primitives.validate(field, path, problems);
    }

    @Override
    public void checkComposition(JsonNode composition, int fieldCount, String path, Problems problems) {
        Composition.read(composition, fieldCount, path, problems);
    }
}
