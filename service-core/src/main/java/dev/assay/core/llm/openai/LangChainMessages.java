package dev.assay.core.llm.openai;

import dev.assay.common.json.Json;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Assay messages to langchain4j messages, block by block. Thinking blocks are not sent back. */
final class LangChainMessages {

    private LangChainMessages() {
    }

    static List<ChatMessage> toLangChain(List<Message> messages) {
        List<ChatMessage> converted = new ArrayList<>(messages.size());
        Map<String, String> toolNames = new HashMap<>();
        for (Message message : messages) {
            switch (message.role()) {
                case SYSTEM -> converted.add(SystemMessage.from(message.text()));
                case USER -> converted.add(UserMessage.from(message.text()));
                case ASSISTANT -> converted.add(assistant(message, toolNames));
                case TOOL -> {
                    for (ContentBlock block : message.content()) {
                        if (block instanceof ToolResultBlock result) {
                            converted.add(ToolExecutionResultMessage.from(result.toolUseId(),
                                    toolNames.getOrDefault(result.toolUseId(), ""), result.content()));
                        }
                    }
                }
            }
        }
        return converted;
    }

    private static ChatMessage assistant(Message message, Map<String, String> toolNames) {
        List<ToolExecutionRequest> requests = new ArrayList<>();
        for (ContentBlock block : message.content()) {
            if (block instanceof ToolUseBlock use) {
                toolNames.put(use.id(), use.name());
                requests.add(ToolExecutionRequest.builder().id(use.id()).name(use.name()).arguments(Json.write(use.input())).build());
            }
        }
        boolean hasText = message.content().stream().anyMatch(TextBlock.class::isInstance);
        if (requests.isEmpty()) {
            return AiMessage.from(message.text());
        }
        return hasText ? AiMessage.from(message.text(), requests) : AiMessage.from(requests);
    }
}
