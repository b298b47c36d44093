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
 * @param error     why the call failed, when it did
 * @param coercions values of the judge's JSON answer read as another type to fit its schema, each naming the field,
 *                  the value given and what it became ({@code verdict: "yes" read as true}); absent when none
 * @param cached    true when the answer came from the response cache: no model was called, the usage is the original
 *                  call's with a cost of zero; absent otherwise
 * @param savedUsd  for a cached call, what the original call cost (its model's prices at the time): what this one
 *                  saved; absent when not cached or the model has no prices
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RecordedCall(Stage stage, PromptTask task, String model, List<Message> messages, String response,
                           UsageMetadata usage, long latencyMs, String error,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> coercions, Boolean cached,
                           java.math.BigDecimal savedUsd) {
    public RecordedCall {
        messages = messages == null ? List.of() : List.copyOf(messages);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
        coercions = coercions == null ? List.of() : List.copyOf(coercions);
        cached = Boolean.TRUE.equals(cached) ? Boolean.TRUE : null;
        savedUsd = cached == null ? null : savedUsd;
    }

    /** A call, cached or not, with nothing saved recorded. */
    public RecordedCall(Stage stage, PromptTask task, String model, List<Message> messages, String response,
                        UsageMetadata usage, long latencyMs, String error, List<String> coercions, Boolean cached) {
        this(stage, task, model, messages, response, usage, latencyMs, error, coercions, cached, null);
    }

    public RecordedCall(Stage stage, PromptTask task, String model, List<Message> messages, String response,
                        UsageMetadata usage, long latencyMs, String error, List<String> coercions) {
        this(stage, task, model, messages, response, usage, latencyMs, error, coercions, null);
    }

    /** Whether the answer came from the response cache. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean fromCache() {
        return Boolean.TRUE.equals(cached);
    }

    /** A call whose answer was used as given (or not parsed at all). */
    public RecordedCall(Stage stage, PromptTask task, String model, List<Message> messages, String response,
                        UsageMetadata usage, long latencyMs, String error) {
        this(stage, task, model, messages, response, usage, latencyMs, error, List.of());
    }

    /** This call, its answer read with these coercions. */
    public RecordedCall withCoercions(List<String> coercions) {
        return new RecordedCall(stage, task, model, messages, response, usage, latencyMs, error, coercions, cached, savedUsd);
    }
}
