package dev.assay.common.spec;

import dev.assay.common.run.CacheMode;
import dev.assay.common.run.RunConfig;
import dev.assay.common.benchmark.Benchmark;

import java.util.Objects;

/**
 * A benchmark and a run config that passed every check, each on its own and together. Only
 * {@link RunSpecs} makes one, so holding one means the pair was validated (exactly once) and
 * {@link RunPlanner#plan} need not check it again. Not a record: a record's constructor cannot
 * be hidden.
 */
public final class ValidRun {

    private final Benchmark benchmark;
    private final RunConfig config;

    ValidRun(Benchmark benchmark, RunConfig config) {
        this.benchmark = Objects.requireNonNull(benchmark, "benchmark");
        this.config = Objects.requireNonNull(config, "config");
    }

    public Benchmark benchmark() {
        return benchmark;
    }

    public RunConfig config() {
        return config;
    }

    /**
     * This run with the response cache used as {@code cache} says: {@code --no-cache} of a retry or an
     * extension (docs/cache.md). Still valid: the cache mode is checked against nothing else.
     */
    public ValidRun withCache(CacheMode cache) {
        return new ValidRun(benchmark, config.toBuilder().cache(cache).build());
    }

    @Override
    public String toString() {
        return "ValidRun[" + benchmark.questions().size() + " questions, " + config.answeringModels().size()
                + " answering models, " + config.judges().size() + " judges]";
    }
}
