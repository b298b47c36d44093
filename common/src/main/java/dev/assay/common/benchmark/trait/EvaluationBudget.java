package dev.assay.common.benchmark.trait;

import dev.cel.common.ast.CelExpr;
import dev.cel.runtime.CelEvaluationListener;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Watches one evaluation and stops it when it has done too much work or produced too much text.
 * CEL calls the listener after every node it evaluates (a call's arguments before the call);
 * throwing from it ends the evaluation (CEL wraps the exception in a {@code CelEvaluationException}).
 * CEL-Java has no runtime cost limit of its own and ignores thread interrupts, so this is the only
 * way to stop it from inside: the iteration limit bounds how many nodes run, but not what each costs
 * (a {@code matches} over a long response, a concatenation of long strings).
 *
 * <p>Work is counted, not time, so a verdict never depends on how busy the machine is: one unit per
 * node evaluated, plus, for each function call, the characters of text it is given (receiver and
 * arguments) — what the function may have to read ({@code fuzzRatio}: its {@link FuzzRatio#cost}). Lists are not charged by size: the iteration
 * limit bounds what a comprehension can do with them, and charging a {@code map}'s accumulator on
 * every step would make an ordinary 10,000-item map cost 50 million. The wall clock is only
 * a backstop far above what the work limit allows, read every {@value #CLOCK_EVERY} nodes.
 *
 * <p>Not thread-safe: one budget per evaluation.
 */
final class EvaluationBudget implements CelEvaluationListener {

    /** Calls that hand back a value they were given instead of building one. */
    private static final Set<String> PASS_THROUGH = Set.of("_?_:_", "_[_]");
    /** Calls whose cost does not grow with their operands' length (an index, a choice, a size). */
    private static final Set<String> CONSTANT_COST = Set.of("_?_:_", "_[_]", "size", "_&&_", "_||_", "!_", "@not_strictly_false");
    static final int CLOCK_EVERY = 1024;

    private final ExpressionLimits limits;
    private final LongSupplier clock;
    private final long deadline;
    /** The length of the last text value of each node, by id: what a call reads of its operands. */
    private final Map<Long, Integer> sizes = new HashMap<>();
    private long producedChars;
    private long work;
    private long nodes;

    EvaluationBudget(ExpressionLimits limits) {
        this(limits, System::nanoTime);
    }

    EvaluationBudget(ExpressionLimits limits, LongSupplier clock) {
        this.limits = limits;
        this.clock = clock;
        this.deadline = clock.getAsLong() + limits.timeout().toNanos();
    }

    @Override
    public void callback(CelExpr expr, Object value) {
        work++;
        if (expr.getKind() == CelExpr.ExprKind.Kind.CALL) {
            String function = expr.call().function();
            if (FuzzRatio.NAME.equals(function) && expr.call().args().size() == 2) {
                // its LCS reads one text once per 64 characters of the other: charged as that, not as a read of both
                work += FuzzRatio.cost(sizes.getOrDefault(expr.call().args().get(0).id(), 0),
                        sizes.getOrDefault(expr.call().args().get(1).id(), 0));
            } else if (!CONSTANT_COST.contains(function)) {
                expr.call().target().ifPresent(target -> work += sizes.getOrDefault(target.id(), 0));
                for (CelExpr argument : expr.call().args()) {
                    work += sizes.getOrDefault(argument.id(), 0);
                }
            }
            if (value instanceof String text && !PASS_THROUGH.contains(function)) {
                producedChars += text.length();
                if (producedChars > limits.maxProducedChars()) {
                    throw new Exceeded("stopped after building " + limits.maxProducedChars()
                            + " characters of text, the limit for one evaluation");
                }
            }
        }
        if (value instanceof String text && !text.isEmpty()) {
            sizes.put(expr.id(), text.length());
        } else {
            sizes.remove(expr.id());
        }
        if (work > limits.maxWork()) {
            throw new Exceeded("stopped after " + limits.maxWork() + " units of work (one per step, plus the characters of "
                    + "text each function call was given), the limit for one evaluation");
        }
        if (++nodes % CLOCK_EVERY == 0 && clock.getAsLong() - deadline > 0) {
            throw new Exceeded("stopped after " + limits.timeout().toSeconds() + " s, the time limit for one evaluation");
        }
    }

    /** A limit was hit; the message says which. */
    static final class Exceeded extends RuntimeException {
        Exceeded(String message) {
            super(message, null, false, false);
        }
    }
}
