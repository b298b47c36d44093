package dev.assay.core.llm;

import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/** A model's text answer, with every attempt it took recorded. */
public record Completion(String content, UsageMetadata usage, List<RecordedCall> calls) {
    public Completion {
        calls = List.copyOf(calls);
    }
}
