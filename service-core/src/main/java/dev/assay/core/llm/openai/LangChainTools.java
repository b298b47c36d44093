package dev.assay.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.ToolDefinition;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Tool definitions to langchain4j tool specifications, and the model's tool calls back to tool_use blocks. */
final class LangChainTools {

    /** Where arguments that are not a JSON object are kept, so the tool's error can say what came. */
    static final String UNPARSED_ARGUMENTS = "_unparsed_arguments";

    private LangChainTools() {
    }

    /**
     * Each tool's JSON schema as it was given: its properties travel as raw schemas, so nothing an
     * MCP server declares (enums, nested objects, formats) is lost in a conversion.
     */
    static List<ToolSpecification> specifications(List<ToolDefinition> tools) {
        List<ToolSpecification> specifications = new ArrayList<>(tools.size());
        for (ToolDefinition tool : tools) {
            JsonObjectSchema.Builder parameters = JsonObjectSchema.builder();
            JsonNode schema = tool.inputSchema();
            if (schema != null && schema.path("properties").isObject()) {
                Iterator<Map.Entry<String, JsonNode>> properties = schema.path("properties").fields();
                while (properties.hasNext()) {
                    Map.Entry<String, JsonNode> property = properties.next();
                    parameters.addProperty(property.getKey(), JsonRawSchema.from(Json.write(property.getValue())));
                }
            }
            if (schema != null && schema.path("required").isArray()) {
                List<String> required = new ArrayList<>();
                schema.path("required").forEach(name -> required.add(name.asText()));
                parameters.required(required);
            }
            specifications.add(ToolSpecification.builder()
                    .name(tool.name())
                    .description(tool.description().isEmpty() ? null : tool.description())
                    .parameters(parameters.build())
                    .build());
        }
        return specifications;
    }

    static List<ToolUseBlock> toolUses(List<ToolExecutionRequest> requests) {
        List<ToolUseBlock> uses = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            ToolExecutionRequest request = requests.get(i);
            // some OpenAI-compatible servers leave the id out; the trace needs one to pair call and result
            String id = request.id() == null || request.id().isBlank() ? "call_" + (i + 1) : request.id();
            uses.add(new ToolUseBlock(id, request.name(), arguments(request.arguments())));
        }
        return uses;
    }

    private static JsonNode arguments(String text) {
        if (text == null || text.isBlank()) {
            return Json.mapper().createObjectNode();
        }
        try {
            JsonNode parsed = Json.mapper().readTree(text);
            if (parsed != null && parsed.isObject()) {
                return parsed;
            }
        } catch (java.io.IOException | RuntimeException e) {
            // falls through: kept as text below
        }
        ObjectNode kept = Json.mapper().createObjectNode();
        kept.put(UNPARSED_ARGUMENTS, text);
        return kept;
    }
}
