package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;

/** A primitive with its parameters read and checked: ready to judge parsed values. */
@FunctionalInterface
public interface FieldCheck {

    /**
     * Judges one parsed value. {@code actual} is never null or JSON null here unless
     * {@link #acceptsNull()}: a null (the judge found nothing) fails before reaching the check.
     */
    Outcome check(JsonNode actual, CheckContext context);

    /** Whether this check decides about null itself; by default null never matches. */
    default boolean acceptsNull() {
        return false;
    }
}
