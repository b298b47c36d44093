package dev.assay.common.port;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Duration;
import java.util.Map;

/**
 * Settings of one agent run.
 *
 * @param maxTurns     turn limit; reaching it ends the run with {@code limitReached}
 * @param systemPrompt system text for the agent; may be null
 * @param timeout      wall-clock limit for the whole run; null means the adapter's default
 * @param questionHash identifies the question, so adapters can name sessions and workspaces
 * @param extra        adapter-specific settings
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AgentConfig(int maxTurns, String systemPrompt, Duration timeout, String questionHash,
                          Map<String, Object> extra) {

    public static final int DEFAULT_MAX_TURNS = 25;

    public AgentConfig {
        if (maxTurns < 1) {
            throw new IllegalArgumentException("agent config: max_turns must be at least 1, got " + maxTurns);
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("agent config: timeout must be positive, got " + timeout);
        }
        extra = extra == null ? Map.of() : Map.copyOf(extra);
    }

    public static AgentConfig defaults() {
        return new AgentConfig(DEFAULT_MAX_TURNS, null, null, null, Map.of());
    }
}
