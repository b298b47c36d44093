package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An MCP server an agent may use: a local process spoken to over stdio, or an HTTP endpoint
 * (streamable HTTP, or the older SSE transport). Header and environment values may name secrets
 * with {@code ${ENV_VAR}}; they are resolved by the service that starts the agent, from its own
 * environment, never carried resolved in a message.
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
        Map<String, String> headers) implements Validatable {

    /** {@code ${NAME}}: a value taken from the environment of the service that runs the agent. */
    public static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    /** Header and variable names whose values are secrets: these must be given as {@code ${NAME}}. */
    private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(authorization|api[-_]?key|token|secret|password|cookie).*");

    public enum Transport {
        STDIO, HTTP, SSE;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public McpServerConfig {
        args = args == null ? List.of() : List.copyOf(args);
        env = env == null ? Map.of() : Map.copyOf(env);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "name"), name);
        if (transport == null) {
            problems.add(Problems.field(path, "transport"), "is required: stdio, http (streamable HTTP) or sse");
            return;
        }
        if (transport == Transport.STDIO) {
            problems.require(Problems.field(path, "command"), command);
            if (url != null || !headers.isEmpty()) {
                problems.add(path, "a stdio server takes command, args and env; url and headers are for http and sse servers");
            }
        } else {
            if (problems.require(Problems.field(path, "url"), url) && !Problems.isHttpUrl(url)) {
                problems.add(Problems.field(path, "url"), "must be an http(s) URL, got \"" + url + "\"");
            }
            if (command != null || !args.isEmpty() || !env.isEmpty()) {
                problems.add(path, "an " + transport.wireName() + " server takes url and headers; command, args and env are for stdio servers");
            }
        }
        secretsNamed(Problems.field(path, "env"), env, problems);
        secretsNamed(Problems.field(path, "headers"), headers, problems);
    }

    /** A secret written into the run config would travel in every record of the run: it must be named instead. */
    static void secretsNamed(String path, Map<String, String> values, Problems problems) {
        values.forEach((key, value) -> {
            if (SECRET_NAME.matcher(key).matches() && value != null && !ENV_REFERENCE.matcher(value).find()) {
                // never echo the value: it is the secret
                problems.add(Problems.field(path, key), "holds a secret inline; put it in an environment variable of the "
                        + "service and write \"${VARIABLE}\" (e.g. \"Bearer ${MCP_TOKEN}\")");
            }
        });
    }

    /** The environment variables this server's values name, in order of appearance. */
    public List<String> referencedVariables() {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (Map<String, String> values : List.of(env, headers)) {
            for (String value : values.values()) {
                Matcher matcher = ENV_REFERENCE.matcher(value == null ? "" : value);
                while (matcher.find()) {
                    names.add(matcher.group(1));
                }
            }
        }
        return names;
    }
}
