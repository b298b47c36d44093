package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parameters of one field's {@code verify}, read by a primitive. Every reader reports a wrong
 * value under the parameter's path ({@code questions[0].template.fields.dose.verify.absolute}) and
 * remembers the name, so that {@link #unknown()} can list parameters no reader asked for — a
 * misspelt parameter is an error, never silently ignored.
 */
public final class Params {

    private final String primitive;
    private final ObjectNode values;
    private final TemplateField field;
    private final String fieldPath;
    private final Problems problems;
    private final Set<String> asked = new LinkedHashSet<>();

    public Params(String primitive, ObjectNode values, TemplateField field, String fieldPath, Problems problems) {
        this.primitive = primitive;
        this.values = values == null ? JsonNodeFactory.instance.objectNode() : values;
        this.field = field;
        this.fieldPath = fieldPath;
        this.problems = problems;
    }

    public String primitive() {
        return primitive;
    }

    public TemplateField field() {
        return field;
    }

    /** The parameters as written, without the primitive's name. */
    public ObjectNode values() {
        return values;
    }

    public String verifyPath() {
        return Problems.field(fieldPath, "verify");
    }

    public String path(String name) {
        return Problems.field(verifyPath(), name);
    }

    public void error(String name, String message) {
        problems.add(name == null ? verifyPath() : path(name), message);
    }

    public void fieldError(String name, String message) {
        problems.add(Problems.field(fieldPath, name), message);
    }

    public boolean has(String name) {
        asked.add(name);
        JsonNode value = values.get(name);
        return value != null && !value.isNull();
    }

    /** The raw value, or null when absent. */
    public JsonNode raw(String name) {
        asked.add(name);
        JsonNode value = values.get(name);
        return value == null || value.isNull() ? null : value;
    }

    public String text(String name, String fallback) {
        JsonNode value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (!value.isTextual()) {
            error(name, "must be text, got " + value);
            return fallback;
        }
        return value.asText();
    }

    /** One of {@code allowed}; a misspelling gets a suggestion. */
    public String oneOf(String name, List<String> allowed, String fallback) {
        String value = text(name, fallback);
        if (value != null && !allowed.contains(value)) {
            error(name, "unknown value \"" + value + "\"" + Suggestions.didYouMean(value, allowed)
                    + "; expected one of " + String.join(", ", allowed));
            return fallback;
        }
        return value;
    }

    public boolean bool(String name, boolean fallback) {
        JsonNode value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (!value.isBoolean()) {
            error(name, "must be true or false, got " + value);
            return fallback;
        }
        return value.booleanValue();
    }

    /** A number, or null when absent or not a number (then reported). */
    public BigDecimal number(String name) {
        JsonNode value = raw(name);
        if (value == null) {
            return null;
        }
        if (!value.isNumber()) {
            error(name, "must be a number, got " + value);
            return null;
        }
        return value.decimalValue();
    }

    /** A number that must not be negative, or null. */
    public BigDecimal nonNegative(String name) {
        BigDecimal value = number(name);
        if (value != null && value.signum() < 0) {
            error(name, "must not be negative, got " + value.toPlainString());
            return null;
        }
        return value;
    }

    /** A list of texts (a single text counts as a list of one), or the fallback when absent. */
    public List<String> texts(String name, List<String> fallback) {
        JsonNode value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (value.isTextual()) {
            return List.of(value.asText());
        }
        if (!value.isArray()) {
            error(name, "must be a list of texts, got " + value);
            return fallback;
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode item = value.get(i);
            if (!item.isTextual()) {
                problems.add(Problems.index(path(name), i), "must be text, got " + item);
            } else {
                texts.add(item.asText());
            }
        }
        return texts;
    }

    /** The field's ground truth, reported as missing when the primitive needs it and it is not there. */
    public JsonNode groundTruth() {
        JsonNode truth = field.groundTruth();
        if (truth == null || truth.isNull()) {
            fieldError("ground_truth", "is required by the " + primitive + " primitive");
            return null;
        }
        return truth;
    }

    /** Reports every parameter that no reader asked for, with the closest known name. */
    void reportUnknown() {
        values.fieldNames().forEachRemaining(name -> {
            if (!asked.contains(name)) {
                String known = asked.isEmpty() ? "it takes no parameters" : "known parameters: " + String.join(", ", asked);
                error(name, "unknown parameter \"" + name + "\" for " + primitive + Suggestions.didYouMean(name, asked) + "; " + known);
            }
        });
    }
}
