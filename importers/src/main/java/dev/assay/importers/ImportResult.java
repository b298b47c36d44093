package dev.assay.importers;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.FewShotSettings;
import dev.assay.common.run.ManualAnswer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A converted benchmark, what its run config should carry, and the report.
 *
 * @param benchmark      the questions that were made (skipped items are not in it)
 * @param globalRubric   traits the source applies to every question; they belong in the run config
 * @param manualAnswers  recorded responses to re-check, by question id; they make the run config's
 *                       answering model {@code manual}
 * @param evaluationMode the mode the converted questions need (null: the default)
 * @param report         what became of every item
 * @param systemPrompt   the answering model's system prompt the source tool uses by default (null: none)
 * @param fewShot        the run's few-shot settings that show the examples as the source tool does (null: Assay's)
 */
public record ImportResult(Benchmark benchmark, Rubric globalRubric, Map<String, ManualAnswer> manualAnswers,
                           EvaluationMode evaluationMode, ImportReport report, String systemPrompt, FewShotSettings fewShot) {

    public ImportResult {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(report, "report");
        manualAnswers = manualAnswers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(manualAnswers));
    }

    public ImportResult(Benchmark benchmark, Rubric globalRubric, Map<String, ManualAnswer> manualAnswers,
                        EvaluationMode evaluationMode, ImportReport report) {
        this(benchmark, globalRubric, manualAnswers, evaluationMode, report, null, null);
    }

    /** This result with another report (the same conversion, told about under another name). */
    public ImportResult withReport(ImportReport other) {
        return new ImportResult(benchmark, globalRubric, manualAnswers, evaluationMode, other, systemPrompt, fewShot);
    }

    /** A benchmark whose run config needs nothing from the import: no global rubric, no recorded answers, the default mode. */
    public static ImportResult of(Benchmark benchmark, ImportReport report) {
        return new ImportResult(benchmark, null, null, null, report);
    }
}
