package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;

import java.util.List;
import java.util.Map;

/**
 * The task text of one judge call, before assembly: what a {@link JudgeTask} builds from its input.
 * {@link #messages} is the one place a judge call's messages are assembled (DESIGN §3), used by the
 * stages' model session and by {@code assay render} alike, so what is shown is what is sent.
 *
 * @param schema              the JSON schema of the answer; null when the answer is free text
 * @param ownInstructions     instructions replacing the run's {@code prompt_config} ones for this call
 *                            (a semantic field's own {@code instructions}); only read when {@code replacesRunInstructions}
 */
public record JudgePrompt(PromptTask task, String system, String user, JsonNode schema, String ownInstructions,
                          boolean replacesRunInstructions) {

    public JudgePrompt {
        if (task == null) {
            throw new IllegalArgumentException("judge prompt: task is required");
        }
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("judge prompt for " + task.wireValue() + ": user text is required");
        }
    }

    /** A prompt whose answer is a JSON object valid against {@code schema}. */
    public static JudgePrompt json(PromptTask task, String system, String user, JsonNode schema) {
        if (schema == null) {
            throw new IllegalArgumentException("judge prompt for " + task.wireValue() + ": a JSON answer needs a schema");
        }
        return new JudgePrompt(task, system, user, schema, null, false);
    }

    /** A prompt whose answer is text in a format the prompt itself asks for. */
    public static JudgePrompt text(PromptTask task, String system, String user) {
        return new JudgePrompt(task, system, user, null, null, false);
    }

    /** This prompt with {@code instructions} (possibly none) in place of the run's instructions for the task. */
    public JudgePrompt withOwnInstructions(String instructions) {
        return new JudgePrompt(task, system, user, schema, instructions, true);
    }

    public boolean expectsJson() {
        return schema != null;
    }

    /**
     * The messages to send to a judge of {@code interfaceName}: the task text, the adapter's
     * instructions (with the answer's schema in their context), then the run's instructions.
     */
    public List<Message> messages(String interfaceName, PortCapabilities capabilities, PromptConfig promptConfig) {
        PromptConfig config = promptConfig == null ? PromptConfig.EMPTY : promptConfig;
        String instructions = replacesRunInstructions ? ownInstructions : config.instructionsFor(task).orElse(null);
        Map<String, Object> context = schema == null ? Map.of() : Map.of(InstructionContext.JSON_SCHEMA, schema);
        return new PromptAssembler(task, interfaceName, capabilities).assemble(system, user, instructions, context);
    }
}
