package dev.assay.generation.service;

import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.port.UsageMetadata;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;

import java.util.ArrayList;
import java.util.List;

/**
 * Every call one job's generation made, across all turns and runs, kept as they happen so a
 * failure late in a multi-run prompt still reports the calls before it. One per job; not shared
 * between threads.
 */
final class CallLog {

    private final List<RecordedCall> calls = new ArrayList<>();
    private UsageMetadata usage = UsageMetadata.EMPTY;

    void add(Completion completion) {
        calls.addAll(completion.calls());
        usage = usage.plus(completion.usage());
    }

    void add(ModelCallException failure) {
        calls.addAll(failure.calls());
        usage = usage.plus(failure.usage());
    }

    List<RecordedCall> calls() {
        return List.copyOf(calls);
    }

    UsageMetadata usage() {
        return usage;
    }
}
