package dev.assay.generation.service;

import dev.assay.common.pipeline.ResultStatus;
import dev.assay.generation.RunCounts;
import dev.assay.generation.RunSource;
import dev.assay.generation.RunStatus;
import dev.assay.generation.RunSummary;
import dev.assay.generation.UsageTotals;
import dev.assay.generation.repository.RunEntity;
import dev.assay.generation.repository.StatusAggregate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a run's summary from its registry row and the aggregates of its stored results. */
final class RunSummaries {

    private RunSummaries() {
    }

    static RunSummary of(RunEntity run, List<StatusAggregate> aggregates) {
        Map<String, Long> byStatus = new LinkedHashMap<>();
        for (ResultStatus status : ResultStatus.values()) {
            byStatus.put(status.wireName(), 0L);
        }
        long done = 0;
        UsageTotals usage = UsageTotals.NONE;
        for (StatusAggregate aggregate : aggregates) {
            if (!aggregate.runId().equals(run.runId)) {
                continue;
            }
            byStatus.merge(aggregate.status(), aggregate.count(), Long::sum);
            done += aggregate.count();
            usage = usage.plus(new UsageTotals(aggregate.inputTokens(), aggregate.outputTokens(), aggregate.totalTokens(),
                    aggregate.costUsd()));
        }
        Long pending = run.expectedResults == null ? null : Math.max(0L, run.expectedResults - done);
        RunCounts counts = new RunCounts(run.jobs, run.expectedResults, done, pending,
                byStatus.get(ResultStatus.ERROR.wireName()), byStatus);
        return new RunSummary(run.runId, run.name, RunSource.fromWire(run.source), RunStatus.fromWire(run.status), counts, usage,
                run.error, run.createdAt, run.updatedAt, run.finishedAt);
    }
}
