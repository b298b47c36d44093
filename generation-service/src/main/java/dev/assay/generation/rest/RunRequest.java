package dev.assay.generation.rest;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.RunConfig;

/**
 * The shape of {@code POST /api/runs}, for the OpenAPI document only: the body is read as text
 * and checked field by field, so a wrong field yields its path instead of a binding error.
 */
public record RunRequest(Benchmark benchmark, RunConfig config) {
}
