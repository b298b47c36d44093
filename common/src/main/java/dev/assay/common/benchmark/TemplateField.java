package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * One field of an answer template.
 *
 * @param description what the judge should extract; it goes into the JSON schema the judge sees
 * @param groundTruth the correct value; never shown to the judge
 * @param nullable    the judge may answer null when the response does not say
 * @param values      the allowed values of a {@code literal} field
 * @param items       the item type of a {@code list} field: {@code string} (default) or {@code number}
 * @param verify      how the parsed value is checked: a primitive's name or a mapping with {@code primitive} and its
 *                    parameters; without it, the type's default ({@code Primitives.defaultFor})
 * @param weight      the field's weight in the granular score (default 1)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TemplateField(
        FieldType type,
        String description,
        JsonNode groundTruth,
        Boolean nullable,
        List<String> values,
        FieldType items,
        JsonNode verify,
        Double weight) implements Validatable {

    public TemplateField {
        values = values == null ? null : List.copyOf(values);
    }

    /** A field of this type, described for the judge, with every other field unset. */
    public static Builder builder(FieldType type, String description) {
        return new Builder().type(type).description(description);
    }

    /** A builder holding this field's values, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().type(type).description(description).groundTruth(groundTruth).nullable(nullable)
                .values(values).items(items).verify(verify).weight(weight);
    }

    @JsonIgnore
    public boolean isNullable() {
        return Boolean.TRUE.equals(nullable);
    }

    public double effectiveWeight() {
        return weight == null ? 1.0 : weight;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (type == null) {
            problems.add(Problems.field(path, "type"), "is required (one of " + String.join(", ", FieldType.wireNames()) + ")");
            return;
        }
        if (description == null || description.isBlank()) {
            problems.add(Problems.field(path, "description"), "is required: it tells the judge what to extract");
        }
        if (type == FieldType.LITERAL && (values == null || values.isEmpty())) {
            problems.add(Problems.field(path, "values"), "a literal field needs its allowed values");
        }
        if (type != FieldType.LITERAL && values != null) {
            problems.add(Problems.field(path, "values"), "only literal fields have values");
        }
        if (items != null && type != FieldType.LIST) {
            problems.add(Problems.field(path, "items"), "only list fields have an item type");
        }
        if (items != null && items != FieldType.STRING && items != FieldType.NUMBER) {
            problems.add(Problems.field(path, "items"), "must be string or number");
        }
        if (weight != null && (weight < 0 || weight.isNaN())) {
            problems.add(Problems.field(path, "weight"), "must not be negative");
        }
        if (groundTruth != null && !groundTruth.isNull()) {
            checkGroundTruthType(Problems.field(path, "ground_truth"), problems);
        }
        KindChecks.installed().checkVerification(this, path, problems);
    }

    private void checkGroundTruthType(String path, Problems problems) {
        switch (type) {
            case STRING -> expect(groundTruth.isTextual(), path, problems, "text");
            case INTEGER -> expect(groundTruth.isIntegralNumber(), path, problems, "an integer");
            case NUMBER -> expect(groundTruth.isNumber(), path, problems, "a number");
            case BOOLEAN -> expect(groundTruth.isBoolean(), path, problems, "true or false");
            case LIST -> {
                expect(groundTruth.isArray(), path, problems, "a list");
                if (groundTruth.isArray() && items == FieldType.NUMBER) {
                    groundTruth.forEach(item -> expect(item.isNumber(), path, problems, "a list of numbers"));
                }
            }
            case LITERAL -> {
                boolean allowed = groundTruth.isTextual() && values != null && values.contains(groundTruth.asText());
                expect(allowed, path, problems, "one of the field's values " + values);
            }
            case DATE -> {
                boolean valid = groundTruth.isTextual();
                if (valid) {
                    try {
                        LocalDate.parse(groundTruth.asText());
                    } catch (DateTimeParseException e) {
                        valid = false;
                    }
                }
                expect(valid, path, problems, "a date written YYYY-MM-DD");
            }
        }
    }

    private void expect(boolean ok, String path, Problems problems, String what) {
        if (!ok) {
            problems.add(path, "must be " + what + " for a " + type.wireName() + " field, got " + groundTruth);
        }
    }

    /** Builds a field value by value; {@link #build} runs the record's constructor. Unset values stay null. */
    public static final class Builder {
        private FieldType type;
        private String description;
        private JsonNode groundTruth;
        private Boolean nullable;
        private List<String> values;
        private FieldType items;
        private JsonNode verify;
        private Double weight;

        private Builder() {
        }

        public Builder type(FieldType type) {
            this.type = type;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder groundTruth(JsonNode groundTruth) {
            this.groundTruth = groundTruth;
            return this;
        }

        public Builder nullable(Boolean nullable) {
            this.nullable = nullable;
            return this;
        }

        public Builder values(List<String> values) {
            this.values = values;
            return this;
        }

        public Builder items(FieldType items) {
            this.items = items;
            return this;
        }

        public Builder verify(JsonNode verify) {
            this.verify = verify;
            return this;
        }

        public Builder weight(Double weight) {
            this.weight = weight;
            return this;
        }

        public TemplateField build() {
            return new TemplateField(type, description, groundTruth, nullable, values, items, verify, weight);
        }
    }
}
