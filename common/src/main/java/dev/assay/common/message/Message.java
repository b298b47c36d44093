package dev.assay.common.message;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One conversation turn: a role and its content blocks. Stages record messages exactly as sent,
 * so this is also the audit format of every prompt.
 */
public record Message(Role role, List<ContentBlock> content) {

    public Message {
        Objects.requireNonNull(role, "message: role is required");
        content = content == null ? List.of() : List.copyOf(content);
    }

    public static Message system(String text) {
        return new Message(Role.SYSTEM, List.of(new TextBlock(text)));
    }

    public static Message user(String text) {
        return new Message(Role.USER, List.of(new TextBlock(text)));
    }

    public static Message assistant(String text) {
        return new Message(Role.ASSISTANT, List.of(new TextBlock(text)));
    }

    public static Message assistant(List<ContentBlock> blocks) {
        return new Message(Role.ASSISTANT, blocks);
    }

    public static Message toolResult(String toolUseId, String content) {
        return toolResult(toolUseId, content, false);
    }

    public static Message toolResult(String toolUseId, String content, boolean isError) {
        return new Message(Role.TOOL, List.of(new ToolResultBlock(toolUseId, content, isError)));
    }

    /**
     * The text blocks joined by a newline (blocks are separate paragraphs, e.g. text before and
     * after a tool call); tool and thinking blocks are left out. Empty when there is no text block.
     */
    public String text() {
        return content.stream()
                .filter(TextBlock.class::isInstance)
                .map(block -> ((TextBlock) block).text())
                .collect(Collectors.joining("\n"));
    }

    /** The tool calls this message asks for, in order. */
    public List<ToolUseBlock> toolUses() {
        return content.stream()
                .filter(ToolUseBlock.class::isInstance)
                .map(ToolUseBlock.class::cast)
                .toList();
    }
}
