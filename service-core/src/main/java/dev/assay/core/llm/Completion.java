package dev.assay.core.llm;

import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/** A model's answer, with every attempt it took recorded; {@code toolCalls} when it asked for tools instead. */
public record Completion(String content, UsageMetadata usage, List<RecordedCall> calls, List<ToolUseBlock> toolCalls) {
    public Completion {
        calls = List.copyOf(calls);
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    /** A text answer. */
    public Completion(String content, UsageMetadata usage, List<RecordedCall> calls) {
        this(content, usage, calls, null);
    }
}
