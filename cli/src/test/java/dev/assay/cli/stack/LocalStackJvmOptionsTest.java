package dev.assay.cli.stack;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The local service's JVM options: the light defaults, or ASSAY_LOCAL_JVM_OPTIONS in their place. */
class LocalStackJvmOptionsTest {

    @Test
    void theDefaultsAreALightJvmAndTheVariableReplacesThem() {
        assertThat(LocalStack.jvmOptions(null)).isEqualTo(LocalStack.JVM_OPTIONS)
                .contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
                // a heap that follows what is live: 593 MB of the service at a 5,000-question run's peak became 314 (docs/performance.md)
                .contains("-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20");
        assertThat(LocalStack.jvmOptions("  ")).isEqualTo(LocalStack.JVM_OPTIONS);
        assertThat(LocalStack.jvmOptions(" -Xmx1g   -XX:+UseG1GC ")).containsExactly("-Xmx1g", "-XX:+UseG1GC");
    }
}
