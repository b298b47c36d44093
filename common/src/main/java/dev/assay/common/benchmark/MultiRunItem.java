package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.List;

/**
 * One item of a multi-run prompt: its prompt is run {@code repetitions} times (default 1), and
 * every output is kept, in order.
 *
 * @param prompt     the item's messages (as a question's {@code prompt})
 * @param promptFile a {@code .prompt} file relative to the benchmark file, inlined into
 *                   {@code prompt} when the benchmark is loaded from disk
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MultiRunItem(String name, Integer repetitions, List<PromptMessage> prompt, String promptFile) implements Validatable {

    public MultiRunItem {
        prompt = prompt == null ? null : List.copyOf(prompt);
    }

    public int effectiveRepetitions() {
        return repetitions == null ? 1 : repetitions;
    }

    /** This item with its prompt file read. */
    public MultiRunItem withPrompt(List<PromptMessage> messages) {
        return new MultiRunItem(name, repetitions, messages, null);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "name"), name);
        if (repetitions != null && repetitions < 1) {
            problems.add(Problems.field(path, "repetitions"), "must be at least 1, got " + repetitions);
        }
        if (prompt != null && promptFile != null) {
            problems.add(path, "has both prompt and prompt_file; give exactly one");
        } else if (prompt == null && promptFile == null) {
            problems.add(path, "needs a prompt or a prompt_file");
        } else if (promptFile != null) {
            problems.add(Problems.field(path, "prompt_file"), PROMPT_FILE_NOT_INLINED);
        } else {
            PromptChecks.conversation(prompt, Problems.field(path, "prompt"), problems);
        }
    }

    /** Files are read where the benchmark file is; over the REST API the messages must come inline. */
    static final String PROMPT_FILE_NOT_INLINED = "was not read: prompt files are inlined when a benchmark is loaded from "
            + "disk (the CLI, BenchmarkLoader); over the REST API put the file's messages into \"prompt\"";
}
