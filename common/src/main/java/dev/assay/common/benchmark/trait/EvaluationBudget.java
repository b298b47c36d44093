package dev.assay.common.benchmark.trait;

import dev.cel.common.ast.CelExpr;
import dev.cel.runtime.CelEvaluationListener;

import java.util.Set;

/**
 * Watches one evaluation and stops it when it runs past its time or produces too much text. CEL
 * calls the listener after every node it evaluates; throwing from it ends the evaluation (CEL
 * wraps the exception in a {@code CelEvaluationException}). CEL's interpreter has no deadline of
 * its own and ignores thread interrupts, so this is the only way to stop it from inside: the
 * iteration limit bounds how many nodes run, but not what each costs (a {@code matches} over a long
 * response, a concatenation of long strings).
 *
 * <p>Not thread-safe: one budget per evaluation.
 */
final class EvaluationBudget implements CelEvaluationListener {

    /** Calls that hand back a value they were given instead of building one. */
    private static final Set<String> PASS_THROUGH = Set.of("_?_:_", "_[_]");

    private final ExpressionLimits limits;
    private final long deadline;
    private long producedChars;

    EvaluationBudget(ExpressionLimits limits) {
        this.limits = limits;
        this.deadline = System.nanoTime() + limits.timeout().toNanos();
    }

    @Override
    public void callback(CelExpr expr, Object value) {
        if (value instanceof String text && expr.getKind() == CelExpr.ExprKind.Kind.CALL
                && !PASS_THROUGH.contains(expr.call().function())) {
            producedChars += text.length();
            if (producedChars > limits.maxProducedChars()) {
                throw new Exceeded("stopped after building " + limits.maxProducedChars()
                        + " characters of text, the limit for one evaluation");
            }
        }
        if (System.nanoTime() - deadline > 0) {
            throw new Exceeded("stopped after " + limits.timeout().toMillis() + " ms, the time limit for one evaluation");
        }
    }

    /** A limit was hit; the message says which. */
    static final class Exceeded extends RuntimeException {
        Exceeded(String message) {
            super(message, null, false, false);
        }
    }
}
