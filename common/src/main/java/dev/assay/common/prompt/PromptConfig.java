package dev.assay.common.prompt;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.text.Suggestions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user's own instructions per task family, from a run's {@code prompt_config}. Each is
 * appended to the system text of the matching calls, after the adapter's instructions.
 *
 * <p>Lookup for a task ({@link #instructionsFor}): the field named like the task; else
 * {@code rubric_*} → {@code rubric_evaluation}, {@code agentic_parsing_*} → {@code agentic_parsing},
 * {@code dj_*} → {@code deep_judgment}; else none.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptConfig(
        String generation,
        String parsing,
        String abstentionDetection,
        String sufficiencyDetection,
        String rubricEvaluation,
        String agenticParsing,
        String deepJudgment,
        String nuggetAssignment) {

    /** The field names as written in config files. */
    public static final List<String> FIELDS = List.of("generation", "parsing", "abstention_detection",
            "sufficiency_detection", "rubric_evaluation", "agentic_parsing", "deep_judgment", "nugget_assignment");

    public static final PromptConfig EMPTY = new PromptConfig(null, null, null, null, null, null, null, null);

    /**
     * Reads a config map (as parsed from YAML or JSON). Unknown fields and non-text values are
     * rejected with a message naming them.
     */
    @JsonCreator
    public static PromptConfig fromMap(Map<String, Object> fields) {
        if (fields == null) {
            return EMPTY;
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : fields.entrySet()) {
            String name = entry.getKey();
            Object value = entry.getValue();
            if (!FIELDS.contains(name)) {
                problems.add("unknown field \"" + name + "\"" + Suggestions.didYouMean(name, FIELDS));
            } else if (value != null && !(value instanceof String)) {
                problems.add(name + ": must be text, got " + describe(value));
            } else {
                values.put(name, (String) value);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("prompt_config: " + String.join("; ", problems)
                    + " (known fields: " + String.join(", ", FIELDS) + ")");
        }
        return new PromptConfig(values.get("generation"), values.get("parsing"), values.get("abstention_detection"),
                values.get("sufficiency_detection"), values.get("rubric_evaluation"), values.get("agentic_parsing"),
                values.get("deep_judgment"), values.get("nugget_assignment"));
    }

    /** The user's instructions for {@code task}, following the fallback rules; empty when none are set. */
    public Optional<String> instructionsFor(PromptTask task) {
        return fieldFor(task).map(this::field).filter(text -> !text.isBlank());
    }

    /** The config field that serves {@code task}, or empty when no field does. */
    public static Optional<String> fieldFor(PromptTask task) {
        String wire = task.wireValue();
        if (FIELDS.contains(wire)) {
            return Optional.of(wire);
        }
        if (wire.startsWith("rubric_")) {
            return Optional.of("rubric_evaluation");
        }
        if (wire.startsWith("agentic_parsing_")) {
            return Optional.of("agentic_parsing");
        }
        if (wire.startsWith("dj_")) {
            return Optional.of("deep_judgment");
        }
        return Optional.empty();
    }

    private String field(String name) {
        String value = switch (name) {
            case "generation" -> generation;
            case "parsing" -> parsing;
            case "abstention_detection" -> abstentionDetection;
            case "sufficiency_detection" -> sufficiencyDetection;
            case "rubric_evaluation" -> rubricEvaluation;
            case "agentic_parsing" -> agenticParsing;
            case "deep_judgment" -> deepJudgment;
            case "nugget_assignment" -> nuggetAssignment;
            default -> throw new IllegalStateException("no prompt config field " + name);
        };
        return value == null ? "" : value;
    }

    private static String describe(Object value) {
        if (value instanceof Map<?, ?>) {
            return "a mapping";
        }
        if (value instanceof List<?>) {
            return "a list";
        }
        return "\"" + value + "\"";
    }
}
