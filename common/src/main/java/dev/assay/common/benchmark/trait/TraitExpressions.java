package dev.assay.common.benchmark.trait;

import java.util.Optional;

/**
 * Compiles expression traits (CEL). Placeholder until the CEL sandbox lands: accepts every
 * expression.
 */
public final class TraitExpressions {

    private TraitExpressions() {
    }

    /** Why {@code expression} does not compile in {@code scope}, or empty when it does. */
    public static Optional<String> check(String expression, TraitScope scope) {
        return Optional.empty();
    }
}
