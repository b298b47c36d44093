package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.FieldType;

import java.util.Set;

/**
 * One way of checking a parsed field against its ground truth ({@code exact},
 * {@code numeric_tolerance}, …). Primitives are registered by name in {@link Primitives}; a
 * template names one in a field's {@code verify}, with its parameters.
 *
 * <p>A primitive reads and checks its parameters when the benchmark is loaded, reporting every
 * problem through {@link Params} under the field's path, so that a bad template is rejected before
 * anything is queued; at verification time the same reading yields the {@link FieldCheck}.
 */
public interface VerificationPrimitive {

    /** The name written in {@code verify}. */
    String name();

    /** The field types this primitive can check. */
    Set<FieldType> fieldTypes();

    /**
     * Reads the parameters, reporting problems through {@code params}; returns the check, or null
     * when the parameters are unusable (the problems say why).
     */
    FieldCheck configure(Params params);

    /** Whether the check calls a judge ({@link CheckContext#judge()}); the parsing stage must provide one. */
    default boolean needsJudge() {
        return false;
    }
}
