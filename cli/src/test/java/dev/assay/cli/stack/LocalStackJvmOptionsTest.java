package dev.assay.cli.stack;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The local service's JVM options: the light defaults, or ASSAY_LOCAL_JVM_OPTIONS in their place. */
class LocalStackJvmOptionsTest {

    @Test
    void theDefaultsAreALightJvmAndTheVariableReplacesThem() {
        assertThat(LocalStack.jvmOptions(null)).isEqualTo(LocalStack.JVM_OPTIONS)
                .contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
        assertThat(LocalStack.jvmOptions("  ")).isEqualTo(LocalStack.JVM_OPTIONS);
        assertThat(LocalStack.jvmOptions(" -Xmx1g   -XX:+UseG1GC ")).containsExactly("-Xmx1g", "-XX:+UseG1GC");
    }
}
