package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * A prompt parameter as a lambda sees it, typed by its JSON value (Python's json gives int, float,
 * str, bool). A parameter the question has is read from the question ({@code int(a)}: prompt
 * parameters are strings, holding Python's {@code str()} of the value, which reads back exactly);
 * one only the checker uses is written in as a constant.
 */
final class ParameterBinding {

    private ParameterBinding() {
    }

    static PyBinding of(String name, JsonNode value, boolean questionHasIt) {
        String reference = CelText.parameter(name);
        if (value.isTextual()) {
            String text = value.textValue();
            boolean stripped = text.equals(PythonValues.strip(text));
            return PyBinding.of(new CelValue(questionHasIt ? reference : CelText.string(text), PyType.STR, CelValue.PRIMARY, stripped));
        }
        if (value.isBoolean()) {
            return PyBinding.of(questionHasIt
                    ? new CelValue(reference + " == 'True'", PyType.BOOL, CelValue.RELATION)
                    : new CelValue(String.valueOf(value.booleanValue()), PyType.BOOL, CelValue.PRIMARY));
        }
        if (value.isIntegralNumber()) {
            if (value.bigIntegerValue().bitLength() > 63) {
                return PyBinding.unusable("is beyond CEL's 64-bit int");
            }
            String literal = value.bigIntegerValue().toString();
            return PyBinding.of(questionHasIt ? new CelValue("int(" + reference + ")", PyType.INT, CelValue.PRIMARY)
                    : new CelValue(literal, PyType.INT, literal.startsWith("-") ? CelValue.UNARY : CelValue.PRIMARY));
        }
        if (value.isNumber()) {
            double number = value.doubleValue();
            if (!Double.isFinite(number)) {
                return PyBinding.unusable("is " + PythonValues.floatRepr(number) + " (not translated)");
            }
            String literal = PythonValues.floatRepr(number);
            return PyBinding.of(questionHasIt ? new CelValue("double(" + reference + ")", PyType.FLOAT, CelValue.PRIMARY)
                    : new CelValue(literal, PyType.FLOAT, number < 0 ? CelValue.UNARY : CelValue.PRIMARY));
        }
        if (value.isArray()) {
            return list(name, value);
        }
        return PyBinding.unusable("is " + (value.isNull() ? "None" : "a JSON " + value.getNodeType().name().toLowerCase(Locale.ROOT))
                + " (not translated)");
    }

    /**
     * A list of str, int, float or bool, written in as a constant: the trait is made per instance, so
     * the instance's list is the value (a question's prompt parameter holds only its {@code str()}).
     */
    private static PyBinding list(String name, JsonNode value) {
        if (value.isEmpty()) {
            return PyBinding.unusable("is an empty list (not translated)");
        }
        java.util.List<CelValue> items = new java.util.ArrayList<>();
        for (JsonNode element : value) {
            PyBinding item = element.isContainerNode() ? PyBinding.unusable("nested") : of(name, element, false);
            if (item.unusable() != null || item.value().type() != (items.isEmpty() ? item.value().type() : items.get(0).type())) {
                return PyBinding.unusable("is a JSON array of other than one kind of str, int, float or bool (not translated)");
            }
            items.add(item.value());
        }
        String text = items.stream().map(item -> item.at(CelValue.CONDITIONAL)).collect(java.util.stream.Collectors.joining(", ", "[", "]"));
        return PyBinding.of(new CelValue(text, items.get(0).type().listOf(), CelValue.PRIMARY));
    }
}
