package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An MCP server an agent may use: either a local process spoken to over stdio, or an HTTP
 * endpoint. Header and environment values may name secrets with {@code ${ENV_VAR}}; they are
 * resolved by the service that starts the agent, never carried resolved in a message.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record McpServerConfig(
        String name,
        Transport transport,
        String command,
        List<String> args,
        Map<String, String> env,
        String url,
        Map<String, String> headers) {

    public enum Transport {
        STDIO, HTTP;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public McpServerConfig {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("mcp server: name is required");
        }
        if (transport == null) {
            throw new IllegalArgumentException("mcp server " + name + ": transport is required (stdio or http)");
        }
        if (transport == Transport.STDIO && (command == null || command.isBlank())) {
            throw new IllegalArgumentException("mcp server " + name + ": a stdio server needs a command");
        }
        if (transport == Transport.HTTP && (url == null || url.isBlank())) {
            throw new IllegalArgumentException("mcp server " + name + ": an http server needs a url");
        }
        args = args == null ? List.of() : List.copyOf(args);
        env = env == null ? Map.of() : Map.copyOf(env);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }
}
