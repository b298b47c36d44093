package dev.assay.stage.generation;

import dev.assay.common.prompt.generation.ConversationScript;
import dev.assay.common.prompt.generation.GenerationPrompt;

import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.Question;
import dev.assay.common.run.RunOutput;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks a job's question in the way the question is written (docs/prompts.md): its text, its
 * {@code prompt} messages, or every item of its {@code multi_run_prompt} {@code repetitions} times,
 * each run a fresh conversation. Every turn of a {@code prompt} conversation and every repetition
 * of a multi-run item is a sample of its own for the response cache (docs/cache.md).
 */
final class PromptRuns {

    private final ConversationLoop loop;
    private final VerificationJob job;
    private final PortCapabilities capabilities;

    PromptRuns(ConversationLoop loop, VerificationJob job, PortCapabilities capabilities) {
        this.loop = loop;
        this.job = job;
        this.capabilities = capabilities;
    }

    /**
     * The answer (the last filled variable; for a multi-run prompt the last run's), filling
     * {@code variables} (prompt messages) or {@code outputs} (multi-run) as the calls are answered,
     * so what was said before a failure stays in them.
     */
    String answer(Map<String, String> variables, List<RunOutput> outputs) {
        Question question = job.question();
        if (question.promptFile() != null) {
            throw new IllegalArgumentException("the question's prompt_file \"" + question.promptFile()
                    + "\" was not inlined; load the benchmark with BenchmarkLoader (the CLI) or give its messages as prompt");
        }
        if (question.multiRunPrompt() != null) {
            return multiRun(question.multiRunPrompt(), outputs);
        }
        if (question.prompt() != null) {
            return loop.runSampled(GenerationPrompt.conversation(job, capabilities, question.prompt()), variables, null);
        }
        return loop.run(GenerationPrompt.plain(job, capabilities), variables);
    }

    private String multiRun(List<MultiRunItem> items, List<RunOutput> outputs) {
        String response = "";
        for (MultiRunItem item : items) {
            if (item.prompt() == null) {
                throw new IllegalArgumentException("multi-run item \"" + item.name() + "\" has no prompt (a prompt_file must be inlined)");
            }
            ConversationScript script = GenerationPrompt.conversation(job, capabilities, item.prompt());
            for (int repetition = 1; repetition <= item.effectiveRepetitions(); repetition++) {
                Map<String, String> variables = new LinkedHashMap<>();
                // each repetition is a sample of its own: never answered from another's cached answer
                response = loop.runSampled(script, variables, "run " + item.name() + " #" + repetition);
                outputs.add(new RunOutput(item.name(), repetition, response, variables));
            }
        }
        return response;
    }
}
