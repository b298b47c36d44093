package dev.assay.common.benchmark;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** The typed answer a judge extracts from a response: named fields, in the order written. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AnswerTemplate(Map<String, TemplateField> fields) implements Validatable {

    private static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public AnswerTemplate {
        fields = fields == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    @Override
    public void validate(String path, Problems problems) {
        String fieldsPath = Problems.field(path, "fields");
        if (fields.isEmpty()) {
            problems.add(fieldsPath, "a template needs at least one field");
        }
        fields.forEach((name, field) -> {
            String fieldPath = Problems.field(fieldsPath, name);
            if (!FIELD_NAME.matcher(name).matches()) {
                problems.add(fieldPath, "field names are letters, digits and underscores, starting with a letter");
            }
            if (field == null) {
                problems.add(fieldPath, "is empty");
            } else {
                field.validate(fieldPath, problems);
            }
        });
    }
}
