package dev.assay.common.template.primitive;

/**
 * The parsed number is at least {@code min} (default: the ground truth); {@code inclusive: false}
 * makes it strictly more than.
 */
public final class NumericMin extends NumericLimit {

    public static final String NAME = "numeric_min";

    public NumericMin() {
        super(NAME, "min", true);
    }
}
