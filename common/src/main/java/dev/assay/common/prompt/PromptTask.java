package dev.assay.common.prompt;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.text.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Every kind of LLM call the pipeline makes. The wire value names the task in prompt configs,
 * adapter registrations and recorded prompts.
 */
public enum PromptTask {
    GENERATION(false),
    PARSING(true),
    AGENTIC_PARSING_INVESTIGATION(false),
    AGENTIC_PARSING_EXTRACTION(true),
    ABSTENTION_DETECTION(true),
    SUFFICIENCY_DETECTION(true),
    RUBRIC_LLM_TRAIT_BATCH(true),
    RUBRIC_LLM_TRAIT_SINGLE(true),
    RUBRIC_LITERAL_TRAIT_BATCH(true),
    RUBRIC_LITERAL_TRAIT_SINGLE(true),
    RUBRIC_METRIC_TRAIT(true),
    RUBRIC_AGENTIC_TRAIT_INVESTIGATION(false),
    RUBRIC_AGENTIC_TRAIT_EXTRACTION(true),
    DJ_TEMPLATE_EXCERPT_EXTRACTION(true),
    DJ_TEMPLATE_HALLUCINATION(true),
    DJ_TEMPLATE_REASONING(true),
    DJ_RUBRIC_EXCERPT_EXTRACTION(true),
    DJ_RUBRIC_HALLUCINATION(true),
    DJ_RUBRIC_REASONING(true),
    DJ_RUBRIC_SCORE_EXTRACTION(true),
    RUBRIC_DYNAMIC_PRESENCE_CHECK(true),
    /** Nugget labels come back in a label format of their own (json, csv, markdown …), not a JSON schema. */
    NUGGET_ASSIGNMENT(false);

    private final boolean structuredOutput;

    PromptTask(boolean structuredOutput) {
        this.structuredOutput = structuredOutput;
    }

    @JsonValue
    public String wireValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * True when the judge must answer with a JSON object of a given schema; adapters without
     * native structured output then append the schema to the prompt.
     */
    public boolean expectsStructuredOutput() {
        return structuredOutput;
    }

    @JsonCreator
    public static PromptTask fromWire(String value) {
        for (PromptTask task : values()) {
            if (task.wireValue().equals(value)) {
                return task;
            }
        }
        throw new IllegalArgumentException("unknown prompt task \"" + value + "\"" + Suggestions.didYouMean(value, wireValues())
                + "; known tasks: " + String.join(", ", wireValues()));
    }

    public static List<String> wireValues() {
        return Arrays.stream(values()).map(PromptTask::wireValue).toList();
    }
}
