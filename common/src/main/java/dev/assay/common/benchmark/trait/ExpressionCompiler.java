package dev.assay.common.benchmark.trait;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.CelValidationResult;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Compiles expression traits in CEL's sandbox: the standard functions and macros, the string,
 * regex (RE2) and optional extensions, the variables
 * of {@link ExpressionEnvironment}, one pure function of our own ({@link FuzzRatio}, thefuzz's
 * {@code fuzz.ratio}) and nothing that could reach a file, the network or a Java object, no protobuf
 * message types. Compilations, failed ones included,
 * are cached by expression and parameter names: a trait is compiled once per run, not per
 * response, and a global trait is checked once per question.
 */
final class ExpressionCompiler {

    private static final int CACHE_SIZE = 1_024;

    private final ExpressionLimits limits;
    private final CelOptions options;
    private final CelRuntime runtime;
    private final Map<Key, Compilation> cache = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Compilation> eldest) {
            return size() > CACHE_SIZE;
        }
    });

    ExpressionCompiler(ExpressionLimits limits) {
        this.limits = limits;
        this.options = limits.celOptions();
        this.runtime = CelRuntimeFactory.standardCelRuntimeBuilder().setOptions(options)
                .addLibraries(CelExtensions.strings(), CelExtensions.regex(), CelExtensions.optional())
                .addFunctionBindings(FuzzRatio.BINDING)
                .build();
    }

    /** For a question with these prompt parameter names. */
    Compilation compile(String expression, Collection<String> parameterNames) {
        ExpressionEnvironment environment = ExpressionEnvironment.of(parameterNames);
        return cached(new Key(expression, environment.parameters(), true), () -> compileIn(expression, environment));
    }

    /**
     * Without a question: every name the expression reads as a variable, and that could be a
     * prompt parameter, is taken for one. Syntax, unknown functions and type errors are found
     * now; a parameter some question lacks is found when the trait is checked against it.
     */
    Compilation compileAssumingParameters(String expression) {
        return cached(new Key(expression, List.of(), false), () -> {
            CelCompiler compiler = compiler(ExpressionEnvironment.NO_PARAMETERS);
            CelValidationResult parsed = compiler.parse(expression);
            if (parsed.hasError()) {
                return Compilation.failed(ExpressionErrors.syntax(parsed.getErrors()));
            }
            CelAbstractSyntaxTree ast = ast(parsed);
            Set<String> read = ExpressionErrors.undeclaredVariables(compiler.check(ast).getErrors(), ast);
            return compileIn(expression, ExpressionEnvironment.of(read));
        });
    }

    private Compilation compileIn(String expression, ExpressionEnvironment environment) {
        CelCompiler compiler = compiler(environment);
        CelValidationResult parsed = compiler.parse(expression);
        if (parsed.hasError()) {
            return Compilation.failed(ExpressionErrors.syntax(parsed.getErrors()));
        }
        CelAbstractSyntaxTree parsedAst = ast(parsed);
        CelValidationResult checked = compiler.check(parsedAst);
        if (checked.hasError()) {
            return Compilation.failed(ExpressionErrors.check(checked.getErrors(), parsedAst, environment));
        }
        CelAbstractSyntaxTree checkedAst = ast(checked);
        try {
            return Compilation.ok(new CompiledExpression(expression, checkedAst, runtime.createProgram(checkedAst),
                    environment, limits));
        } catch (CelEvaluationException e) {
            return Compilation.failed("cannot be prepared for evaluation: " + e.getMessage());
        }
    }

    private CelCompiler compiler(ExpressionEnvironment environment) {
        return CelCompilerFactory.standardCelCompilerBuilder()
                .setOptions(options)
                .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
                // pure string functions: trim, lowerAscii, split, … and RE2 (linear-time) regex.extract/replace
                .addLibraries(CelExtensions.strings(), CelExtensions.regex(), CelExtensions.optional())
                .addFunctionDeclarations(FuzzRatio.DECLARATION)
                .addVarDeclarations(environment.declarations())
                .build();
    }

    private static CelAbstractSyntaxTree ast(CelValidationResult result) {
        try {
            return result.getAst();
        } catch (CelValidationException e) {
            throw new IllegalStateException("CEL reported no error but gave no syntax tree", e);
        }
    }

    private Compilation cached(Key key, Supplier<Compilation> compile) {
        if (key.expression().length() > limits.maxLength()) {
            return compile.get(); // fails at once on its length; not worth keeping
        }
        Compilation hit = cache.get(key);
        if (hit != null) {
            return hit;
        }
        Compilation made = compile.get(); // outside the lock: two threads may both compile, the result is the same
        cache.put(key, made);
        return made;
    }

    private record Key(String expression, List<String> parameters, boolean known) {
    }

    /** A compiled expression, or why there is none. */
    record Compilation(CompiledExpression compiled, String error) {

        static Compilation ok(CompiledExpression compiled) {
            return new Compilation(compiled, null);
        }

        static Compilation failed(String error) {
            return new Compilation(null, error);
        }

        Optional<String> errorMessage() {
            return Optional.ofNullable(error);
        }

        CompiledExpression orThrow() {
            if (compiled == null) {
                throw new ExpressionException(error);
            }
            return compiled;
        }
    }
}
