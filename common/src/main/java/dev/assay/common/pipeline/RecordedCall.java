package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.message.Message;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;

import java.util.List;

/**
 * One model call exactly as made: the messages as sent, what came back, what it cost. A result
 * carries every call of every stage, so it can be audited without re-running anything.
 *
 * @param model    the canonical key of the model called
 * @param response the response text; null when the call failed
 * @param error    why the call failed, when it did
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RecordedCall(Stage stage, PromptTask task, String model, List<Message> messages, String response,
                           UsageMetadata usage, long latencyMs, String error) {
    public RecordedCall {
        messages = messages == null ? List.of() : List.copyOf(messages);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }
}
