package dev.assay.cli;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A finished run records missing start-up caches in the background, except on a CI runner ({@code CI} set). */
class AotRecordingOnCiTest {

    @Test
    void aCiRunnerIsToldByItsCiVariable() {
        assertThat(RunCommand.onCi(Map.of("CI", "true"))).isTrue();
        assertThat(RunCommand.onCi(Map.of("CI", "1"))).isTrue();
        assertThat(RunCommand.onCi(Map.of())).isFalse();
        assertThat(RunCommand.onCi(Map.of("CI", ""))).isFalse();
        assertThat(RunCommand.onCi(Map.of("CI", "false"))).isFalse();
        assertThat(RunCommand.onCi(Map.of("CI", "0"))).isFalse();
    }
}
