package dev.assay.common.prompt.adapters;

import dev.assay.common.prompt.AdapterInstruction;
import dev.assay.common.prompt.AdapterInstructionContributor;
import dev.assay.common.prompt.AdapterInstructionRegistry;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptTask;

import java.util.Map;
import java.util.Optional;

/**
 * Instructions for the {@code openai} interface (any OpenAI-compatible endpoint). Native structured
 * output is not assumed, so every task that expects a JSON answer gets the schema and the format
 * instructions written into the prompt.
 */
public final class OpenAiInstructions implements AdapterInstructionContributor {

    public static final String INTERFACE = "openai";

    static final String SCHEMA_PREAMBLE = "Answer with a single JSON object that validates against this JSON Schema. "
            + "Output only the JSON object: no text before or after it, no Markdown code fences.";
    static final String USER_REMINDER = "Respond with the JSON object only.";

    @Override
    public void contribute(AdapterInstructionRegistry registry) {
        for (PromptTask task : PromptTask.values()) {
            if (task.expectsStructuredOutput()) {
                registry.register(INTERFACE, task, OpenAiInstructions::schemaInstruction);
            }
        }
    }

    /** The schema and format instructions from the context; nothing when the context has neither. */
    static AdapterInstruction schemaInstruction(Map<String, Object> context) {
        Optional<String> schema = InstructionContext.text(context, InstructionContext.JSON_SCHEMA);
        Optional<String> format = InstructionContext.text(context, InstructionContext.FORMAT_INSTRUCTIONS);
        StringBuilder system = new StringBuilder();
        schema.ifPresent(text -> system.append(SCHEMA_PREAMBLE).append("\n\n<json_schema>\n").append(text).append("\n</json_schema>"));
        format.ifPresent(text -> system.append(system.isEmpty() ? "" : "\n\n").append(text));
        return new AdapterInstruction(system.toString(), schema.isPresent() ? USER_REMINDER : "");
    }
}
