package dev.assay.generation.service;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptTask;

import java.util.List;
import java.util.Map;

/**
 * The messages that ask the answering model a question: the model's own {@code system_prompt} as
 * task system text, the question as task user text, and the run's {@code generation} instructions,
 * put together by the {@link PromptAssembler} like every other call.
 */
public final class GenerationPrompt {

    private GenerationPrompt() {
    }

    public static List<Message> messages(VerificationJob job, PortCapabilities capabilities) {
        PromptAssembler assembler = new PromptAssembler(PromptTask.GENERATION, job.answeringModel().interfaceName(), capabilities);
        String instructions = job.settings().promptConfig().instructionsFor(PromptTask.GENERATION).orElse(null);
        return assembler.assemble(job.answeringModel().systemPrompt(), job.question().question(), instructions, Map.of());
    }
}
