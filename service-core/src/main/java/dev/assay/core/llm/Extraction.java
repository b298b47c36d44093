package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/** A judge's JSON answer, valid against the requested schema, with every call it took recorded. */
public record Extraction(JsonNode value, UsageMetadata usage, List<RecordedCall> calls) {
    public Extraction {
        calls = List.copyOf(calls);
    }
}
