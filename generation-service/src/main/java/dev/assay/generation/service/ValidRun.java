package dev.assay.generation.service;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.RunConfig;

/** A benchmark and a run config that passed every check, together. */
public record ValidRun(Benchmark benchmark, RunConfig config) {
}
