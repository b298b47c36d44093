package dev.assay.common.benchmark.trait;

import dev.cel.common.CelOptions;

import java.time.Duration;

/**
 * How far one expression trait may go. CEL has no I/O, so the risks are size and time: the parse
 * limits bound what is compiled; the iteration limit, the work budget and the text budget bound one
 * evaluation (per response). They count work done, not time taken, so the same expression on the
 * same response gets the same verdict on a busy machine as on an idle one; the timeout is only a
 * backstop far above what the work budget allows.
 *
 * @param maxLength         longest expression, in Unicode code points
 * @param maxNodes          most syntax-tree nodes an expression may parse into
 * @param maxNesting        deepest nesting of the parsed expression (also bounds the interpreter's recursion)
 * @param maxIterations     comprehension iterations per evaluation, summed over every {@code all}, {@code exists},
 *                          {@code map}, {@code filter} in the expression (nested ones multiply)
 * @param maxRegexProgramSize largest compiled {@code matches} pattern (RE2 program instructions; RE2 runs in linear time)
 * @param maxProducedChars  characters of text that function calls may produce, summed over one evaluation
 * @param maxWork           units of work per evaluation: one per node evaluated, plus the characters of text each
 *                          function call is given ({@link EvaluationBudget})
 * @param timeout           wall-clock backstop for one evaluation, far above what {@code maxWork} takes
 */
public record ExpressionLimits(int maxLength, int maxNodes, int maxNesting, int maxIterations, int maxRegexProgramSize,
                               long maxProducedChars, long maxWork, Duration timeout) {

    /** 20 million units: 20 reads of a 1 MB response, or 2,000 of a 10 kB one, a fraction of a second of work. */
    public static final ExpressionLimits DEFAULT = new ExpressionLimits(4_000, 1_000, 64, 10_000, 5_000, 10_000_000,
            20_000_000, Duration.ofSeconds(60));

    /** The CEL options that enforce the compile-time limits and the iteration and regex limits. */
    CelOptions celOptions() {
        return CelOptions.current()
                .maxExpressionCodePointSize(maxLength)
                .maxParseExpressionNodeCount(maxNodes)
                .maxParseRecursionDepth(maxNesting)
                .comprehensionMaxIterations(maxIterations)
                .maxRegexProgramSize(maxRegexProgramSize)
                // the macros' accumulator is named "@result", which no expression can spell, so a
                // comprehension cannot read (and so cannot double) its own partial result
                .enableHiddenAccumulatorVar(true)
                // parsed fields are dyn: let 2 < 2.5 type-check as it evaluates
                .enableHeterogeneousNumericComparisons(true)
                .build();
    }
}
