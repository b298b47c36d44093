package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The typed answer a judge extracts from a response: named fields, in the order written; how
 * their verdicts combine ({@code composition}: {@code all_of} default, {@code any_of},
 * {@code {at_least_n: N}}); and regex checks on the raw response, which must all pass as well.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record AnswerTemplate(Map<String, TemplateField> fields, JsonNode composition, List<RegexCheck> regexChecks)
        implements Validatable {

    private static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public AnswerTemplate {
        fields = fields == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        regexChecks = regexChecks == null ? List.of() : List.copyOf(regexChecks);
    }

    public AnswerTemplate(Map<String, TemplateField> fields) {
        this(fields, null, List.of());
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
        KindChecks.installed().checkComposition(composition, fields.size(), Problems.field(path, "composition"), problems);
        for (int i = 0; i < regexChecks.size(); i++) {
            String checkPath = Problems.index(Problems.field(path, "regex_checks"), i);
            if (regexChecks.get(i) == null) {
                problems.add(checkPath, "is empty");
            } else {
                regexChecks.get(i).validate(checkPath, problems);
            }
        }
    }
}
