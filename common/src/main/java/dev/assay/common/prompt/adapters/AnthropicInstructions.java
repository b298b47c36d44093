package dev.assay.common.prompt.adapters;

import dev.assay.common.prompt.AdapterInstruction;
import dev.assay.common.prompt.AdapterInstructionContributor;
import dev.assay.common.prompt.AdapterInstructionRegistry;
import dev.assay.common.prompt.PromptTask;

/**
 * Instructions for the {@code anthropic} interface. Structured output is native (a forced tool
 * call carries the schema), so the prompt only gets a short extraction directive.
 */
public final class AnthropicInstructions implements AdapterInstructionContributor {

    public static final String INTERFACE = "anthropic";

    static final String EXTRACTION_DIRECTIVE =
            "Extract the requested information and return it by calling the provided tool. Do not answer in prose.";

    @Override
    public void contribute(AdapterInstructionRegistry registry) {
        AdapterInstruction directive = AdapterInstruction.system(EXTRACTION_DIRECTIVE);
        for (PromptTask task : PromptTask.values()) {
            if (task.expectsStructuredOutput()) {
                registry.register(INTERFACE, task, context -> directive);
            }
        }
    }
}
