package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The traits a response is scored on, besides its template.
 *
 * @param traits        scored on every response
 * @param dynamicTraits scored only when a presence check finds the trait's concept in the response
 *                      (promoted); otherwise recorded as skipped
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Rubric(List<RubricTrait> traits, List<RubricTrait> dynamicTraits) implements Validatable {

    public static final Rubric EMPTY = new Rubric(List.of(), List.of());

    public Rubric {
        traits = traits == null ? List.of() : List.copyOf(traits);
        dynamicTraits = dynamicTraits == null ? List.of() : List.copyOf(dynamicTraits);
    }

    public Rubric(List<RubricTrait> traits) {
        this(traits, List.of());
    }

    @JsonIgnore
    public boolean isEmpty() {
        return traits.isEmpty() && dynamicTraits.isEmpty();
    }

    /** Every trait name, static then dynamic. */
    @JsonIgnore
    public List<String> names() {
        List<String> names = new ArrayList<>();
        traits.forEach(trait -> names.add(trait.name()));
        dynamicTraits.forEach(trait -> names.add(trait.name()));
        return names;
    }

    /** This rubric's traits followed by {@code global}'s; the caller has checked that names do not clash. */
    public Rubric mergedWith(Rubric global) {
        if (global == null || global.isEmpty()) {
            return this;
        }
        List<RubricTrait> merged = new ArrayList<>(traits);
        merged.addAll(global.traits);
        List<RubricTrait> mergedDynamic = new ArrayList<>(dynamicTraits);
        mergedDynamic.addAll(global.dynamicTraits);
        return new Rubric(merged, mergedDynamic);
    }

    @Override
    public void validate(String path, Problems problems) {
        validate(path, TraitScope.UNKNOWN, problems);
    }

    public void validate(String path, TraitScope scope, Problems problems) {
        Map<String, String> names = new HashMap<>();
        check(path, "traits", traits, scope, names, problems);
        check(path, "dynamic_traits", dynamicTraits, scope, names, problems);
    }

    private static void check(String path, String list, List<RubricTrait> traits, TraitScope scope, Map<String, String> names,
                              Problems problems) {
        for (int i = 0; i < traits.size(); i++) {
            String traitPath = Problems.index(Problems.field(path, list), i);
            RubricTrait trait = traits.get(i);
            if (trait == null) {
                problems.add(traitPath, "is empty");
                continue;
            }
            trait.validate(traitPath, scope, problems);
            if (list.equals("dynamic_traits") && (trait.concept() == null || trait.concept().isBlank())) {
                problems.add(Problems.field(traitPath, "summary"), "a dynamic trait needs a summary or a description: "
                        + "the presence check asks whether the response is about it");
            }
            if (trait.name() != null) {
                String first = names.putIfAbsent(trait.name(), list + "[" + i + "]");
                if (first != null) {
                    problems.add(Problems.field(traitPath, "name"), "duplicate trait name \"" + trait.name() + "\" (also " + first + ")");
                }
            }
        }
    }
}
