package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.cel.common.types.CelKind;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Expression traits, in Google's Common Expression Language (CEL): checked when a benchmark or
 * run config is validated, compiled for the rubric stage. The expression reads {@code response}
 * (string), {@code parsed} (the parsed template fields, a map; empty when there are none),
 * {@code params} (the question's prompt parameters, a map of strings), {@code variables} (what an
 * LVE prompt filled, a map of strings), {@code outputs} (a multi-run prompt's runs, a list of maps
 * with name, repetition, response and variables) and every prompt parameter
 * whose name can be a variable as a string of its own, so {@code int(response) == int(a) + int(b)}
 * works. {@link ExpressionLimits#DEFAULT} bounds each compilation and evaluation.
 */
public final class TraitExpressions {

    private static final ExpressionCompiler COMPILER = new ExpressionCompiler(ExpressionLimits.DEFAULT);

    private static final Set<CelKind> UNDECIDED = Set.of(CelKind.DYN, CelKind.ANY, CelKind.TYPE_PARAM);
    private static final Set<CelKind> NUMBERS = Set.of(CelKind.INT, CelKind.UINT, CelKind.DOUBLE);

    private TraitExpressions() {
    }

    /**
     * Why {@code expression} does not compile in {@code scope}, or empty when it does. With an
     * unknown scope (a global trait checked on its own) the names it reads are taken for prompt
     * parameters; the run planner checks it again against every question.
     */
    public static Optional<String> check(String expression, TraitScope scope) {
        return compilation(expression, scope).errorMessage();
    }

    /** {@link #check(String, TraitScope)}, and whether the expression's type can be the trait's {@code result}. */
    public static Optional<String> check(String expression, TraitScope scope, String result) {
        ExpressionCompiler.Compilation compilation = compilation(expression, scope);
        if (compilation.compiled() == null) {
            return compilation.errorMessage();
        }
        return resultMismatch(compilation.compiled(), result);
    }

    /**
     * The expression compiled for a question with these prompt parameter names (cached).
     *
     * @throws ExpressionException when it does not compile; the message is the one {@link #check} gives
     */
    public static CompiledExpression compile(String expression, Collection<String> parameterNames) {
        return COMPILER.compile(expression, parameterNames).orThrow();
    }

    private static ExpressionCompiler.Compilation compilation(String expression, TraitScope scope) {
        return scope.known()
                ? COMPILER.compile(expression, scope.parameterNames())
                : COMPILER.compileAssumingParameters(expression);
    }

    /** Why an expression of this type cannot give a {@code result} trait its value; empty when it can or may. */
    static Optional<String> resultMismatch(CompiledExpression compiled, String result) {
        CelKind kind = compiled.resultKind();
        if (UNDECIDED.contains(kind)) {
            return Optional.empty(); // e.g. a parsed field: only evaluation can tell
        }
        String needs = switch (result == null ? RubricTrait.BOOLEAN : result) {
            case RubricTrait.SCORE -> NUMBERS.contains(kind) ? null : "a number (int or double)";
            case RubricTrait.LITERAL -> kind == CelKind.STRING ? null : "a string naming one of the classes";
            default -> kind == CelKind.BOOL ? null : "a bool (true or false)";
        };
        return needs == null ? Optional.empty()
                : Optional.of("has type " + compiled.resultType() + ", but result: " + (result == null ? RubricTrait.BOOLEAN : result)
                        + " needs " + needs);
    }
}
