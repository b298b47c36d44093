package dev.assay.common.benchmark;

import java.util.Set;

/**
 * What a trait is validated against: the prompt parameter names of its question, which an
 * expression trait may read. {@link #UNKNOWN} when the trait is checked on its own (a global trait
 * in the run config); such traits are checked again against every question.
 */
public record TraitScope(Set<String> parameterNames, boolean known) {

    public static final TraitScope UNKNOWN = new TraitScope(Set.of(), false);

    public TraitScope {
        parameterNames = parameterNames == null ? Set.of() : Set.copyOf(parameterNames);
    }

    public static TraitScope of(Set<String> parameterNames) {
        return new TraitScope(parameterNames, true);
    }
}
