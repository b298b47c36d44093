package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tool declared in the run config and backed by an HTTP endpoint (docs/agents.md): the model is
 * offered {@code name}, {@code description} and {@code input_schema}; a call POSTs the model's
 * arguments as a JSON object to {@code url} and the response body is the tool's result. Header
 * values may name secrets with {@code ${ENV_VAR}}, resolved by the service that runs the agent.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record HttpToolConfig(
        String name,
        String description,
        @JsonAlias("parameters") JsonNode inputSchema,
        String url,
        Map<String, String> headers) implements Validatable {

    /** What providers accept as a function name (OpenAI's rule, the stricter of the two). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public HttpToolConfig {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    @Override
    public void validate(String path, Problems problems) {
        if (problems.require(Problems.field(path, "name"), name) && !NAME.matcher(name).matches()) {
            problems.add(Problems.field(path, "name"), "\"" + name + "\" is no tool name a model accepts: use 1 to 64 letters, "
                    + "digits, _ or -");
        }
        if (problems.require(Problems.field(path, "url"), url) && !Problems.isHttpUrl(url)) {
            problems.add(Problems.field(path, "url"), "must be an http(s) URL, got \"" + url + "\"");
        }
        if (inputSchema != null && !inputSchema.isNull()
                && (!inputSchema.isObject() || !"object".equals(inputSchema.path("type").asText("object")))) {
            problems.add(Problems.field(path, "input_schema"), "must be a JSON schema of an object (type: object, properties: …): "
                    + "the model's arguments are one JSON object");
        }
        McpServerConfig.secretsNamed(Problems.field(path, "headers"), headers, problems);
    }

    /** What the model is offered: the schema as declared, or an object of any properties when none is. */
    public ToolDefinition definition() {
        JsonNode schema = inputSchema == null || inputSchema.isNull()
                ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("type", "object")
                : inputSchema;
        return new ToolDefinition(name, description, schema);
    }

    /** The environment variables the headers name, in order of appearance. */
    @JsonIgnore
    public List<String> referencedVariables() {
        List<String> names = new ArrayList<>();
        for (String value : headers.values()) {
            Matcher matcher = McpServerConfig.ENV_REFERENCE.matcher(value == null ? "" : value);
            while (matcher.find()) {
                names.add(matcher.group(1));
            }
        }
        return names;
    }
}
