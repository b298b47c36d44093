package dev.assay.generation.config;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.RunConfig;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * For the native image only: what generation-service reads by reflection beyond the pipeline
 * messages (registered for every service by service-core's {@code dev.assay.core.config.NativeReflection}):
 * submitted benchmarks and run configs, read from JSON or YAML text (RunValidator, the importers).
 */
@RegisterForReflection(registerFullHierarchy = true, targets = {
        Benchmark.class,
        RunConfig.class,
})
public final class NativeReflection {

    private NativeReflection() {
    }
}
