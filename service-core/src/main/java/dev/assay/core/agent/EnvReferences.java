package dev.assay.core.agent;

import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.PortExecutionException;
import dev.assay.core.llm.SecretResolver;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;

/** The {@code ${VAR}} references of an agent's headers and environment, replaced from this service's environment. */
final class EnvReferences {

    private EnvReferences() {
    }

    /**
     * {@code values} with every {@code ${VAR}} replaced.
     *
     * @param owner what the values belong to, for a message ({@code mcp server "facts"})
     * @throws PortExecutionException naming the variable (never a value) when one is not set
     */
    static Map<String, String> resolve(SecretResolver secrets, String owner, String field, Map<String, String> values) {
        Map<String, String> resolved = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            Matcher matcher = McpServerConfig.ENV_REFERENCE.matcher(value == null ? "" : value);
            StringBuilder text = new StringBuilder();
            while (matcher.find()) {
                String variable = matcher.group(1);
                String secret = secrets.resolve(variable).orElseThrow(() -> PortExecutionException.permanent(
                        owner + ": " + field + "." + key + " names the environment variable " + variable
                                + ", which is not set for this service"));
                matcher.appendReplacement(text, Matcher.quoteReplacement(secret));
            }
            matcher.appendTail(text);
            resolved.put(key, text.toString());
        });
        return resolved;
    }
}
