package dev.assay.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.ToolDefinition;

import java.util.ArrayList;
import java.util.List;

/** Tool definitions as chat-completions {@code tools} (functions), and the model's {@code tool_calls} back as tool_use blocks. */
final class OpenAiTools {

    /** Where arguments that are not a JSON object are kept, so the tool's error can say what came. */
    static final String UNPARSED_ARGUMENTS = "_unparsed_arguments";

    private OpenAiTools() {
    }

    /** Each tool's JSON schema travels as it was given, so nothing an MCP server declares (enums, nested objects, formats) is lost. */
    static ArrayNode functions(List<ToolDefinition> tools) {
        ArrayNode functions = Json.mapper().createArrayNode();
        for (ToolDefinition tool : tools) {
            ObjectNode function = functions.addObject().put("type", "function").putObject("function");
            function.put("name", tool.name());
            if (!tool.description().isEmpty()) {
                function.put("description", tool.description());
            }
            JsonNode schema = tool.inputSchema();
            if (schema != null && schema.isObject()) {
                function.set("parameters", schema);
            } else {
                function.putObject("parameters").put("type", "object").putObject("properties");
            }
        }
        return functions;
    }

    static List<ToolUseBlock> toolUses(JsonNode toolCalls) {
        if (!toolCalls.isArray() || toolCalls.isEmpty()) {
            return List.of();
        }
        List<ToolUseBlock> uses = new ArrayList<>(toolCalls.size());
        for (int i = 0; i < toolCalls.size(); i++) {
            JsonNode call = toolCalls.get(i);
            JsonNode function = call.path("function");
            String id = call.path("id").asText("");
            // some OpenAI-compatible servers leave the id out; the trace needs one to pair call and result
            if (id.isBlank()) {
                id = "call_" + (i + 1);
            }
            uses.add(new ToolUseBlock(id, function.path("name").asText(""), arguments(function.path("arguments"))));
        }
        return uses;
    }

    private static JsonNode arguments(JsonNode arguments) {
        if (arguments.isObject()) {
            return arguments;
        }
        String text = arguments.isTextual() ? arguments.asText() : "";
        if (text.isBlank()) {
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
