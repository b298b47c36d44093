package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The traits a response is scored on, besides its template. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Rubric(List<RubricTrait> traits) implements Validatable {

    public static final Rubric EMPTY = new Rubric(List.of());

    public Rubric {
        traits = traits == null ? List.of() : List.copyOf(traits);
    }

    @JsonIgnore
    public boolean isEmpty() {
        return traits.isEmpty();
    }

    /** This rubric's traits followed by {@code global}'s; the caller has checked that names do not clash. */
    public Rubric mergedWith(Rubric global) {
        if (global == null || global.isEmpty()) {
            return this;
        }
        List<RubricTrait> merged = new ArrayList<>(traits);
        merged.addAll(global.traits);
        return new Rubric(merged);
    }

    @Override
    public void validate(String path, Problems problems) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < traits.size(); i++) {
            String traitPath = Problems.index(Problems.field(path, "traits"), i);
            RubricTrait trait = traits.get(i);
            if (trait == null) {
                problems.add(traitPath, "is empty");
                continue;
            }
            trait.validate(traitPath, problems);
            if (trait.name() != null && !names.add(trait.name())) {
                problems.add(Problems.field(traitPath, "name"), "duplicate trait name \"" + trait.name() + "\"");
            }
        }
    }
}
