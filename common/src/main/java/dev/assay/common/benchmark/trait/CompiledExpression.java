package dev.assay.common.benchmark.trait;

import dev.assay.common.run.RunOutput;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.types.CelKind;
import dev.cel.common.values.NullValue;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * An expression trait compiled for one set of prompt parameter names, ready to evaluate against
 * any number of responses. Immutable and safe to share between threads: each evaluation has its
 * own activation and budget.
 */
public final class CompiledExpression {

    private final String expression;
    private final CelAbstractSyntaxTree ast;
    private final CelRuntime.Program program;
    private final ExpressionEnvironment environment;
    private final ExpressionLimits limits;

    CompiledExpression(String expression, CelAbstractSyntaxTree ast, CelRuntime.Program program,
                       ExpressionEnvironment environment, ExpressionLimits limits) {
        this.expression = expression;
        this.ast = ast;
        this.program = program;
        this.environment = environment;
        this.limits = limits;
    }

    public String expression() {
        return expression;
    }

    /** The variables the expression may read: response, parsed, params, variables, outputs, then the parameters of their own. */
    public List<String> variableNames() {
        return environment.variableNames();
    }

    /** The CEL type the checker inferred for the result, e.g. {@code bool}, {@code int}, {@code dyn}. */
    public String resultType() {
        return ast.getResultType().name();
    }

    CelKind resultKind() {
        return ast.getResultType().kind();
    }

    /**
     * The expression's value for one response: a {@code Boolean}, {@code Long}, {@code Double},
     * {@code String}, list or map as the expression yields, or null for CEL's null.
     *
     * @param parsed the parsed template fields as plain Java values (null: none)
     * @param params the question's prompt parameters; must hold every parameter compiled in
     * @throws ExpressionException when evaluation fails or hits a limit; the message says which and where
     */
    public Object evaluate(String response, Map<String, ?> parsed, Map<String, String> params) {
        return evaluate(response, parsed, params, Map.of(), List.of());
    }

    /**
     * {@link #evaluate(String, Map, Map)} for a response an LVE prompt generated.
     *
     * @param generated the variables the prompt filled, in order (empty for a plain question)
     * @param outputs   a multi-run prompt's runs, in order (empty otherwise)
     */
    public Object evaluate(String response, Map<String, ?> parsed, Map<String, String> params, Map<String, String> generated,
                           List<RunOutput> outputs) {
        return evaluate(response, parsed, params, generated, outputs, System::nanoTime);
    }

    /** {@link #evaluate(String, Map, Map, Map, List)} timed by {@code clock} (tests: a slow machine's clock). */
    Object evaluate(String response, Map<String, ?> parsed, Map<String, String> params, Map<String, String> generated,
                    List<RunOutput> outputs, LongSupplier clock) {
        Map<String, String> parameters = params == null ? Map.of() : params;
        Map<String, Object> variables = new HashMap<>();
        variables.put(ExpressionEnvironment.RESPONSE, response == null ? "" : response);
        variables.put(ExpressionEnvironment.PARSED, parsed == null ? Map.of() : CelValues.adaptMap(parsed));
        Map<String, Object> paramValues = new HashMap<>();
        parameters.forEach((name, value) -> paramValues.put(name, value == null ? "" : value));
        variables.put(ExpressionEnvironment.PARAMS, paramValues);
        variables.put(ExpressionEnvironment.VARIABLES, strings(generated));
        variables.put(ExpressionEnvironment.OUTPUTS, outputs == null ? List.of() : outputs.stream().map(CompiledExpression::output).toList());
        for (String name : environment.parameters()) {
            Object value = paramValues.get(name);
            if (value == null) {
                throw new ExpressionException("prompt parameter '" + name + "' has no value (the expression was compiled "
                        + "for a question that has it)");
            }
            variables.put(name, value);
        }
        try {
            Object value = program.trace(variables, new EvaluationBudget(limits, clock));
            return value instanceof NullValue ? null : value;
        } catch (CelEvaluationException e) {
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                if (cause instanceof EvaluationBudget.Exceeded exceeded) {
                    throw new ExpressionException(exceeded.getMessage(), e);
                }
            }
            throw new ExpressionException(ExpressionErrors.evaluation(e, ast.getSource(), limits), e);
        }
    }

    private static Map<String, Object> strings(Map<String, String> values) {
        Map<String, Object> adapted = new HashMap<>();
        if (values != null) {
            values.forEach((name, value) -> adapted.put(name, value == null ? "" : value));
        }
        return adapted;
    }

    /** One run as the expression sees it: {@code outputs[0].response}, {@code outputs[0].variables.answer}. */
    private static Map<String, Object> output(RunOutput run) {
        Map<String, Object> adapted = new HashMap<>();
        adapted.put("name", run.name() == null ? "" : run.name());
        adapted.put("repetition", (long) run.repetition());
        adapted.put("response", run.response() == null ? "" : run.response());
        adapted.put("variables", strings(run.variables()));
        return adapted;
    }

    @Override
    public String toString() {
        return "CompiledExpression[" + expression + " with " + String.join(", ", variableNames()) + "]";
    }
}
