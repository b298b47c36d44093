package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

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
public record MultiRunItem(String name, Integer repetitions, List<PromptMessage> prompt, String promptFile) {

    public MultiRunItem {
        prompt = prompt == null ? null : List.copyOf(prompt);
    }

    public int effectiveRepetitions() {
        return repetitions == null ? 1 : repetitions;
    }
}
