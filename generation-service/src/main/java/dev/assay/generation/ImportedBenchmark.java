package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.RunConfig;
import dev.assay.importers.ImportReport;

/**
 * What {@code POST /api/benchmarks/import} answers: the report, the converted benchmark and a
 * starter run config as records (to submit as they are) and as the YAML files {@code assay import}
 * writes (to save).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ImportedBenchmark(ImportReport report, Benchmark benchmark, RunConfig runConfig, String benchmarkYaml,
                                String runConfigYaml) {
}
