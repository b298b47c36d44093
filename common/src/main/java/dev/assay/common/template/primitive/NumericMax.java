package dev.assay.common.template.primitive;

/**
 * The parsed number is at most {@code max} (default: the ground truth); {@code inclusive: false}
 * makes it strictly less than.
 */
public final class NumericMax extends NumericLimit {

    public static final String NAME = "numeric_max";

    public NumericMax() {
        super(NAME, "max", false);
    }
}
