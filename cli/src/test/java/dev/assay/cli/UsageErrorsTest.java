package dev.assay.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** An unknown option or a missing argument is the user's input (exit 2, with the usage), not an infrastructure failure (3). */
class UsageErrorsTest {

    @ParameterizedTest
    @ValueSource(strings = {"run", "validate", "submit"})
    void anUnknownOptionIsInvalidInputWithTheUsage(String command) {
        CliRun run = CliRun.of(command, "b.yaml", "--config", "run.yaml", "--bogus");

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).as(run.toString()).contains("Unknown option: '--bogus'").contains("Usage: assay " + command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "validate", "submit"})
    void aMissingBenchmarkIsInvalidInputWithTheUsage(String command) {
        CliRun run = CliRun.of(command);

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).as(run.toString()).contains("Missing required parameter: 'BENCHMARK'").contains("Usage: assay " + command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--config", "--answering"})
    void anOptionWithoutItsValueIsInvalidInput(String option) {
        CliRun run = CliRun.of("run", "b.yaml", option);

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).as(run.toString()).contains("Missing required parameter for option '" + option + "'");
    }
}
