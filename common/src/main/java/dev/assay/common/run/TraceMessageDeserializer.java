package dev.assay.common.run;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.assay.common.json.Json;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ThinkingBlock;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One message of a recorded agent trace in a run config's {@code manual_answers}, read the ways a
 * trace gets written down: Assay's own form (as in a result's {@code trace_messages}: content
 * blocks {@code text}, {@code tool_use}, {@code tool_result}, {@code thinking}), content as a plain
 * string, an assistant's {@code tool_calls} (Karenina/LangChain {@code {id, name, args}} or
 * OpenAI {@code {id, function: {name, arguments}}}) and a tool message's {@code tool_call_id}
 * with its {@code status}. LangChain's {@code human}/{@code ai} roles (or {@code type}) are
 * accepted for {@code user}/{@code assistant}.
 */
final class TraceMessageDeserializer extends JsonDeserializer<Message> {

    private static final Map<String, String> ROLE_ALIASES = Map.of("human", "user", "ai", "assistant");

    @Override
    public Message deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        JsonNode node = parser.readValueAsTree();
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("a trace message is a mapping with role and content");
        }
        String roleName = node.path("role").asText(node.path("type").asText(""));
        if (roleName.isEmpty()) {
            throw new IllegalArgumentException("a trace message needs a role (user, assistant, tool or system)");
        }
        roleName = roleName.toLowerCase(Locale.ROOT);
        Role role = Role.fromWire(ROLE_ALIASES.getOrDefault(roleName, roleName));
        List<ContentBlock> blocks = new ArrayList<>();
        JsonNode content = node.get("content");
        if (role == Role.TOOL && node.hasNonNull("tool_call_id")) {
            // a tool message in the chat form: its content is the result of that call
            String status = node.path("status").asText("");
            boolean isError = node.path("is_error").asBoolean(false) || status.equalsIgnoreCase("error");
            blocks.add(new ToolResultBlock(node.get("tool_call_id").asText(), text(content), isError));
        } else if (content != null && content.isArray()) {
            for (JsonNode block : content) {
                blocks.add(block(block));
            }
        } else if (content != null && !content.isNull()) {
            String text = text(content);
            if (!text.isEmpty()) {
                blocks.add(new TextBlock(text));
            }
        }
        for (JsonNode call : node.path("tool_calls")) {
            blocks.add(toolUse(call));
        }
        return new Message(role, blocks);
    }

    /** A content block in Assay's form (read by hand: the spec reader's parser does not hand type ids on to a tree). */
    private static ContentBlock block(JsonNode block) {
        if (block.isTextual()) {
            return new TextBlock(block.asText());
        }
        String type = block.path("type").asText("");
        return switch (type) {
            case "text" -> new TextBlock(block.path("text").asText(""));
            case "tool_use" -> toolUse(block);
            case "tool_result" -> new ToolResultBlock(block.path("tool_use_id").asText(null), text(block.get("content")),
                    block.path("is_error").asBoolean(false));
            case "thinking" -> new ThinkingBlock(block.path("thinking").asText(""), block.path("signature").asText(null));
            default -> throw new IllegalArgumentException("content block type \"" + type
                    + "\" is not one of text, tool_use, tool_result, thinking");
        };
    }

    private static ToolUseBlock toolUse(JsonNode call) {
        JsonNode function = call.path("function");
        String name = call.hasNonNull("name") ? call.get("name").asText() : function.path("name").asText(null);
        JsonNode input = call.hasNonNull("args") ? call.get("args")
                : call.hasNonNull("input") ? call.get("input")
                : call.hasNonNull("arguments") ? call.get("arguments")
                : function.get("arguments");
        if (input != null && input.isTextual()) {
            // OpenAI sends the arguments as a JSON string
            input = Json.read(input.asText(), JsonNode.class);
        }
        if (input != null && !input.isNull() && !input.isObject()) {
            throw new IllegalArgumentException("the arguments of tool call " + call.path("id").asText("?") + " must be a JSON object");
        }
        return new ToolUseBlock(call.path("id").asText(null), name, input == null ? JsonNodeFactory.instance.objectNode() : input);
    }

    private static String text(JsonNode content) {
        return content == null || content.isNull() ? "" : content.isTextual() ? content.asText() : Json.write(content);
    }
}
