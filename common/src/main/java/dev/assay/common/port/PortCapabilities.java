package dev.assay.common.port;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What an adapter's backend can do; the prompt assembler and the stages adapt to it.
 *
 * @param supportsSystemPrompt     false for backends that take no system message: the assembler
 *                                 then puts the system text in front of the user text
 * @param supportsStructuredOutput true when the backend constrains output to a JSON schema
 *                                 natively (e.g. a forced tool call), so no schema text is needed
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PortCapabilities(boolean supportsSystemPrompt, boolean supportsStructuredOutput) {

    /** A system prompt, no native structured output: the common case. */
    public static final PortCapabilities DEFAULT = new PortCapabilities(true, false);
}
