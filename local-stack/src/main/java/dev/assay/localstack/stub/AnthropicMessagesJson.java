package dev.assay.localstack.stub;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The Anthropic Messages wire format of the stub's answers, for requests to {@code /v1/messages}. */
final class AnthropicMessagesJson {

    private final ObjectMapper json;

    AnthropicMessagesJson(ObjectMapper json) {
        this.json = json;
    }

    ObjectNode text(RecordedRequest request, StubReply.Text reply) {
        ObjectNode message = header(request);
        message.putArray("content").addObject().put("type", "text").put("text", reply.content());
        message.put("stop_reason", "stop".equals(reply.finishReason()) ? "end_turn" : reply.finishReason());
        StubReply.Usage usage = reply.usage() != null ? reply.usage()
                : new StubReply.Usage(ChatCompletionJson.estimateTokens(request.allContent()),
                        ChatCompletionJson.estimateTokens(reply.content()));
        putUsage(message, usage);
        return message;
    }

    /** A {@code tool_use} block whose input is the reply's arguments, as a forced tool call answers. */
    ObjectNode toolCall(RecordedRequest request, StubReply.ToolCall reply) {
        ObjectNode message = header(request);
        ObjectNode block = message.putArray("content").addObject()
                .put("type", "tool_use")
                .put("id", "toolu_stub_" + request.sequence())
                .put("name", reply.functionName());
        try {
            block.set("input", json.readTree(reply.argumentsJson()));
        } catch (JsonProcessingException e) {
            block.put("input", reply.argumentsJson());
        }
        message.put("stop_reason", "tool_use");
        putUsage(message, new StubReply.Usage(ChatCompletionJson.estimateTokens(request.allContent()),
                ChatCompletionJson.estimateTokens(reply.argumentsJson())));
        return message;
    }

    ObjectNode error(String type, String message) {
        ObjectNode body = json.createObjectNode().put("type", "error");
        body.putObject("error").put("type", type).put("message", message);
        return body;
    }

    private ObjectNode header(RecordedRequest request) {
        return json.createObjectNode()
                .put("id", "msg_stub_" + request.sequence())
                .put("type", "message")
                .put("role", "assistant")
                .put("model", request.model() != null ? request.model() : ChatCompletionJson.DEFAULT_MODEL);
    }

    private static void putUsage(ObjectNode node, StubReply.Usage usage) {
        node.putObject("usage")
                .put("input_tokens", usage.promptTokens())
                .put("output_tokens", usage.completionTokens());
    }
}
