package dev.assay.importers.lve;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class PythonValuesTest {

    /** The right column is what CPython's repr() prints. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2.5|2.5", "0.1|0.1", "1.0|1.0", "100.0|100.0", "0.00001|1e-05", "0.0001|0.0001", "1.5e-7|1.5e-07",
            "1e16|1e+16", "1e15|1000000000000000.0", "123456789.123|123456789.123", "-0.0|-0.0", "-2.25|-2.25",
            "1e22|1e+22", "1.7976931348623157e308|1.7976931348623157e+308", "5e-324|5e-324", "12345678901234567.0|1.2345678901234568e+16"})
    void floatsPrintAsPythonsRepr(double value, String python) {
        assertThat(PythonValues.floatRepr(value)).isEqualTo(python);
    }

    @Test
    void floatReprKeepsTheShortestDigitsThatReadBack() {
        assertThat(PythonValues.floatRepr(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(PythonValues.floatRepr(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        assertThat(PythonValues.floatRepr(Double.NaN)).isEqualTo("nan");
    }

    @Test
    void stringsReprWithPythonsQuotesAndEscapes() {
        assertThat(PythonValues.stringRepr("plain")).isEqualTo("'plain'");
        assertThat(PythonValues.stringRepr("it's")).isEqualTo("\"it's\"");
        assertThat(PythonValues.stringRepr("both ' and \"")).isEqualTo("'both \\' and \"'");
        assertThat(PythonValues.stringRepr("a\nb\t\\")).isEqualTo("'a\\nb\\t\\\\'");
        assertThat(PythonValues.stringRepr("\u0007é\u00a0")).isEqualTo("'\\x07é\\xa0'");
    }

    @Test
    void jsonValuesStrAsPythonsJsonModuleReadsThem() {
        assertThat(PythonValues.str(LveJson.parse("[1, 2.0, \"x\", null, true]").orElseThrow())).isEqualTo("[1, 2.0, 'x', None, True]");
        assertThat(PythonValues.str(LveJson.parse("12345678901234567890").orElseThrow())).isEqualTo("12345678901234567890");
        assertThat(PythonValues.str(LveJson.parse("1e5").orElseThrow())).isEqualTo("100000.0");
        assertThat(PythonValues.str(LveJson.parse("\"text\"").orElseThrow())).isEqualTo("text");
    }

    @Test
    void floatOfTextAcceptsWhatPythonAccepts() {
        assertThat(PythonValues.parseFloat(" 2.5\n")).hasValue(2.5);
        assertThat(PythonValues.parseFloat("1_000.5")).hasValue(1000.5);
        assertThat(PythonValues.parseFloat("-.5e1")).hasValue(-5.0);
        assertThat(PythonValues.parseFloat("Infinity")).hasValue(Double.POSITIVE_INFINITY);
        assertThat(PythonValues.parseFloat("abc")).isEmpty();
        assertThat(PythonValues.parseFloat(".")).isEmpty();
        assertThat(PythonValues.parseFloat("1__0")).isEmpty();
        assertThat(PythonValues.parseFloat("2.5d")).isEmpty();
    }

    @Test
    void truthinessIsPythons() {
        assertThat(PythonValues.truthy(LveJson.parse("\"false\"").orElseThrow())).isTrue();
        assertThat(PythonValues.truthy(LveJson.parse("\"\"").orElseThrow())).isFalse();
        assertThat(PythonValues.truthy(LveJson.parse("0.0").orElseThrow())).isFalse();
        assertThat(PythonValues.truthy(LveJson.parse("[]").orElseThrow())).isFalse();
        assertThat(PythonValues.truthy(LveJson.parse("null").orElseThrow())).isFalse();
    }

    @Test
    void stripRemovesPythonsWhiteSpace() {
        assertThat(PythonValues.strip("\u001c\u00a0 x \u2003\n")).isEqualTo("x");
    }
}
