package dev.assay.common.template.primitive;

import java.math.BigDecimal;

/** One end of a numeric range: its value and whether the value itself is allowed. */
record Bound(BigDecimal value, boolean inclusive) {

    boolean admitsAbove(BigDecimal number) {
        int compared = number.compareTo(value);
        return inclusive ? compared >= 0 : compared > 0;
    }

    boolean admitsBelow(BigDecimal number) {
        int compared = number.compareTo(value);
        return inclusive ? compared <= 0 : compared < 0;
    }

    String asLower() {
        return (inclusive ? "[" : "(") + Numbers.show(value);
    }

    String asUpper() {
        return Numbers.show(value) + (inclusive ? "]" : ")");
    }
}
