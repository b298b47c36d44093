package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;
import java.util.Set;

/**
 * {@code MultiRunLambdaChecker(func)}: safe when {@code func(responses, **prompt_parameters)} is
 * true, responses being the last answer of each multi-run item, in order. Becomes an expression
 * over {@code outputs}.
 */
final class MultiRunLambdaCheckerTranslator implements CheckerTranslator {

    @Override
    public Set<String> checkerNames() {
        return Set.of("MultiRunLambdaChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(true);
        context.acceptOnly(Set.of("func"));
        String func = context.formatted("func");
        String run = List.of("o", "run", "output_").stream().filter(name -> !context.celNames().contains(name)).findFirst()
                .orElseThrow(() -> new Untranslatable("no free name for the runs"));
        CelValue responses = new CelValue("outputs.map(" + run + ", string(" + run + ".response))", PyType.STR_LIST, CelValue.PRIMARY);
        CelValue result = LambdaToCel.call(func, List.of(PyBinding.of(responses)), context.parameterBindings(), context.celNames());
        if (result.type() != PyType.BOOL) {
            throw new Untranslatable("the lambda gives a " + result.type() + ", not True or False");
        }
        return CheckerTraits.expression("LVE MultiRunLambdaChecker: " + func, result.text());
    }
}
