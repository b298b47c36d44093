package dev.assay.localstack.stub;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The OpenAI wire format of the stub's answers: chat completions, streamed chunks and error bodies. */
final class ChatCompletionJson {

    static final String DEFAULT_MODEL = "stub-model";

    private final ObjectMapper json;

    ChatCompletionJson(ObjectMapper json) {
        this.json = json;
    }

    ObjectNode text(RecordedRequest request, StubReply.Text reply) {
        ObjectNode message = json.createObjectNode().put("role", "assistant").put("content", reply.content());
        StubReply.Usage usage = reply.usage() != null ? reply.usage()
                : new StubReply.Usage(estimateTokens(request.allContent()), estimateTokens(reply.content()));
        return completion(request, message, reply.finishReason(), usage);
    }

    ObjectNode toolCall(RecordedRequest request, StubReply.ToolCall reply) {
        ObjectNode message = json.createObjectNode().put("role", "assistant").putNull("content");
        ObjectNode call = message.putArray("tool_calls").addObject()
                .put("id", "call_stub_" + request.sequence())
                .put("type", "function");
        call.putObject("function").put("name", reply.functionName()).put("arguments", reply.argumentsJson());
        StubReply.Usage usage = new StubReply.Usage(estimateTokens(request.allContent()),
                estimateTokens(reply.functionName() + reply.argumentsJson()));
        return completion(request, message, "tool_calls", usage);
    }

    /** One {@code chat.completion.chunk} of a streamed answer; null fields are left out. */
    ObjectNode chunk(RecordedRequest request, String content, String finishReason, StubReply.Usage usage) {
        ObjectNode chunk = header(request, "chat.completion.chunk");
        if (content != null || finishReason != null) {
            ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
            ObjectNode delta = choice.putObject("delta");
            if (content != null) {
                delta.put("role", "assistant").put("content", content);
            }
            choice.put("finish_reason", finishReason);
        } else {
            chunk.putArray("choices");
        }
        if (usage != null) {
            putUsage(chunk, usage);
        }
        return chunk;
    }

    ObjectNode error(String type, String message, String code) {
        ObjectNode body = json.createObjectNode();
        body.putObject("error").put("message", message).put("type", type).putNull("param").put("code", code);
        return body;
    }

    /** Deterministic stand-in for a tokenizer: about four characters per token, rounded up. */
    static int estimateTokens(String text) {
        return (text.length() + 3) / 4;
    }

    private ObjectNode completion(RecordedRequest request, ObjectNode message, String finishReason, StubReply.Usage usage) {
        ObjectNode completion = header(request, "chat.completion");
        ObjectNode choice = completion.putArray("choices").addObject().put("index", 0);
        choice.set("message", message);
        choice.putNull("logprobs");
        choice.put("finish_reason", finishReason);
        putUsage(completion, usage);
        return completion;
    }

    private ObjectNode header(RecordedRequest request, String object) {
        return json.createObjectNode()
                .put("id", "chatcmpl-stub-" + request.sequence())
                .put("object", object)
                .put("created", request.receivedAt().getEpochSecond())
                .put("model", request.model() != null ? request.model() : DEFAULT_MODEL);
    }

    private static void putUsage(ObjectNode node, StubReply.Usage usage) {
        node.putObject("usage")
                .put("prompt_tokens", usage.promptTokens())
                .put("completion_tokens", usage.completionTokens())
                .put("total_tokens", usage.totalTokens());
    }
}
