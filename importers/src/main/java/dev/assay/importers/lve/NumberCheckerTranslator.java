package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;
import java.util.Set;

/**
 * {@code NumberChecker(expected_value_func)} (early lve-tools): safe when the response and
 * {@code str(expected_value_func(**prompt_parameters))} are equal once a trailing {@code .0} is cut
 * from each. Translated when the expected value is an int, a str or a bool (a float would be
 * printed as Python's repr).
 */
final class NumberCheckerTranslator implements CheckerTranslator {

    @Override
    public Set<String> checkerNames() {
        return Set.of("NumberChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(false);
        context.acceptOnly(Set.of("expected_value_func"));
        String func = context.formatted("expected_value_func");
        CelValue expected = LambdaToCel.call(func, List.of(), context.parameterBindings(), context.celNames());
        String expectedText = switch (expected.type()) {
            case INT -> "string(" + expected.text() + ")";
            case BOOL -> expected.at(CelValue.OR) + " ? 'True' : 'False'";
            case STR -> withoutPointZero(expected.at(CelValue.PRIMARY));
            default -> throw new Untranslatable("the expected value is a " + expected.type()
                    + " (its str() is Python's repr, which is not translated)");
        };
        String expression = withoutPointZero("response") + " == " + (expected.type() == PyType.BOOL ? "(" + expectedText + ")" : expectedText);
        return CheckerTraits.expression("LVE NumberChecker: " + func, expression);
    }

    private static String withoutPointZero(String text) {
        return "(" + text + ".endsWith('.0') ? " + text + ".substring(0, size(" + text + ") - 2) : " + text + ")";
    }
}
