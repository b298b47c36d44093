package dev.assay.generation.service;

import dev.assay.generation.RunCounts;
import dev.assay.generation.RunProgress;
import dev.assay.generation.RunStages;
import dev.assay.generation.RunStages.StageCount;
import dev.assay.generation.RunSummary;
import dev.assay.generation.repository.StageRecordRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads a run's summary with its progress per stage, for its event stream. */
@ApplicationScoped
public class RunProgresses {

    private final RunService runs;
    private final StageRecordRepository stageRecords;

    public RunProgresses(RunService runs, StageRecordRepository stageRecords) {
        this.runs = runs;
        this.stageRecords = stageRecords;
    }

    /** Throws {@link RunNotFoundException} for an unknown run. */
    @Transactional
    public RunProgress of(String runId) {
        RunSummary summary = runs.summary(runId);
        return new RunProgress(summary, stages(summary.counts(), stageRecords.counts(runId)));
    }

    /** Rows: stage, records seen, of which failed (as {@link StageRecordRepository#counts} reads them). */
    static RunStages stages(RunCounts counts, List<Object[]> rows) {
        Map<String, long[]> seen = new HashMap<>();
        for (Object[] row : rows) {
            seen.put((String) row[0], new long[]{((Number) row[1]).longValue(), ((Number) row[2]).longValue()});
        }
        long[] generation = seen.getOrDefault(RunStages.GENERATION, new long[2]);
        long[] parsing = seen.getOrDefault(RunStages.PARSING, new long[2]);
        // the rubric stage's output is the finished result: its progress is the results stored
        return new RunStages(
                new StageCount(generation[0], generation[1], counts.jobs()),
                new StageCount(parsing[0], parsing[1], counts.expected()),
                new StageCount(counts.done(), counts.failed(), counts.expected()));
    }
}
