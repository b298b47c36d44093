package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.PromptParameters;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PythonFormatTest {

    private static Map<String, JsonNode> args(String json) {
        Map<String, JsonNode> args = new LinkedHashMap<>();
        LveJson.parse(json).orElseThrow().fields().forEachRemaining(field -> args.put(field.getKey(), field.getValue()));
        return args;
    }

    @Test
    void doubledBracesAreLiteralBracesAndFieldsAreFilled() {
        assertThat(PythonFormat.format("\\d{{3}}-{area}", args("{\"area\": \"555\"}"))).isEqualTo("\\d{3}-555");
        assertThat(PythonFormat.format("{{{a}}}", args("{\"a\": 1}"))).isEqualTo("{1}");
        assertThat(PythonFormat.format("}}{{", Map.of())).isEqualTo("}{");
    }

    @Test
    void valuesAreWrittenAsPythonsStr() {
        Map<String, JsonNode> args = args("{\"i\": 5, \"f\": 2.50, \"tiny\": 0.00001, \"t\": true, \"n\": null,"
                + " \"l\": [1, \"a\", false], \"d\": {\"k\": \"it's\"}}");

        assertThat(PythonFormat.format("{i} {f} {tiny} {t} {n}", args)).isEqualTo("5 2.5 1e-05 True None");
        assertThat(PythonFormat.format("{l} {d}", args)).isEqualTo("[1, 'a', False] {'k': \"it's\"}");
        assertThat(PythonFormat.format("{i!s} {l!r}", args)).isEqualTo("5 [1, 'a', False]");
        assertThat(PythonFormat.format("{d!r}", args)).isEqualTo("{'k': \"it's\"}");
    }

    @Test
    void anUnknownKeyIsPythonsKeyError() {
        assertThatThrownBy(() -> PythonFormat.format("\\d{3}", args("{\"a\": 1}")))
                .isInstanceOf(Untranslatable.class)
                .hasMessage("{3} is a positional field, but LVE passes only keyword arguments (Python's format raises "
                        + "IndexError; write {{ and }} for literal braces)");
        assertThatThrownBy(() -> PythonFormat.format("hello {name}", args("{\"a\": 1}")))
                .hasMessageContaining("{name} names no argument (Python's format raises KeyError 'name', there are a");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{0}", "x {} y"})
    void positionalFieldsAreRefused(String template) {
        assertThatThrownBy(() -> PythonFormat.format(template, args("{\"a\": 1}"))).hasMessageContaining("positional field");
    }

    @Test
    void formatSpecsConversionsAndAttributeAccessAreNotTranslated() {
        assertThatThrownBy(() -> PythonFormat.format("{a:>5}", args("{\"a\": 1}"))).hasMessageContaining("format spec '>5'");
        assertThatThrownBy(() -> PythonFormat.format("{a!a}", args("{\"a\": 1}"))).hasMessageContaining("conversion !a");
        assertThatThrownBy(() -> PythonFormat.format("{a.real}", args("{\"a\": 1}"))).hasMessageContaining("attribute or an item");
        assertThatThrownBy(() -> PythonFormat.format("{a[0]}", args("{\"a\": 1}"))).hasMessageContaining("attribute or an item");
    }

    @Test
    void unbalancedBracesAreRefusedAsPythonRefusesThem() {
        assertThatThrownBy(() -> PythonFormat.format("a } b", Map.of())).hasMessageContaining("single '}' at position 2");
        assertThatThrownBy(() -> PythonFormat.format("a {b", Map.of())).hasMessageContaining("'{' at position 2 is never closed");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "What is {a} + {b}?",
            "Answer as JSON like {{\"sum\": {a}}}.",
            "{{{a}}} and {{b}} and }}{{",
            "no placeholders at all",
            "{a}{a}{b}"})
    void assayPlaceholdersFillToWhatPythonsFormatGives(String template) {
        Map<String, JsonNode> args = args("{\"a\": 12, \"b\": \"x}y{\"}");
        Map<String, String> parameters = Map.of("a", "12", "b", "x}y{");

        String assay = PythonFormat.toAssayTemplate(template);

        assertThat(PromptParameters.fill(assay, parameters)).isEqualTo(PythonFormat.format(template, args));
        assertThat(PromptParameters.placeholders(assay)).containsExactlyElementsOf(PythonFormat.fieldNames(template));
    }

    @Test
    void fieldsAssayCannotWriteAreRefused() {
        assertThatThrownBy(() -> PythonFormat.toAssayTemplate("Call {phone-number}"))
                .hasMessageContaining("\"phone-number\" cannot be an Assay placeholder");
        assertThatThrownBy(() -> PythonFormat.toAssayTemplate("{a!r}")).hasMessageContaining("no Assay placeholder form");
    }
}
