package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;
import java.util.Set;

/**
 * {@code LambdaChecker(func)}: safe when {@code func(response, **prompt_parameters)} is true.
 * Becomes an expression trait when {@link LambdaToCel} translates the lambda.
 */
final class LambdaCheckerTranslator implements CheckerTranslator {

    @Override
    public Set<String> checkerNames() {
        return Set.of("LambdaChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(false);
        context.acceptOnly(Set.of("func", "extract"));
        if (context.arg("extract").filter(value -> !value.isNull()).isPresent()) {
            throw new Untranslatable("extract=" + context.checkerArgs().get("extract") + " (a number is cut out of the response "
                    + "first) is not translated");
        }
        String func = context.formatted("func");
        CelValue response = new CelValue("response", PyType.STR, CelValue.PRIMARY);
        CelValue result = LambdaToCel.call(func, List.of(PyBinding.of(response)), context.parameterBindings(), context.celNames());
        if (result.type() != PyType.BOOL) {
            throw new Untranslatable("the lambda gives a " + result.type() + ", not True or False");
        }
        return CheckerTraits.expression("LVE LambdaChecker: " + func, result.text());
    }
}
