package dev.assay.cli.stack;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RestartBudgetTest {

    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    @Test
    void fiveRestartsWithinFiveMinutesThenNoMore() {
        RestartBudget budget = RestartBudget.standard();
        for (int i = 0; i < 5; i++) {
            assertThat(budget.take(T0.plusSeconds(i * 10L))).as("restart %d", i + 1).isTrue();
        }
        assertThat(budget.take(T0.plusSeconds(60))).isFalse();
        assertThat(budget.total()).isEqualTo(5);
    }

    @Test
    void restartsOlderThanTheWindowNoLongerCount() {
        RestartBudget budget = new RestartBudget(2, Duration.ofMinutes(5));
        assertThat(budget.take(T0)).isTrue();
        assertThat(budget.take(T0.plusSeconds(60))).isTrue();
        assertThat(budget.take(T0.plusSeconds(120))).isFalse();
        // the first restart leaves the window five minutes after it
        assertThat(budget.take(T0.plus(Duration.ofMinutes(5)))).isTrue();
        assertThat(budget.take(T0.plus(Duration.ofMinutes(5)).plusSeconds(1))).isFalse();
        assertThat(budget.total()).as("restarts over the service's life").isEqualTo(3);
    }

    @Test
    void aBudgetOfNothingAllowsNoRestart() {
        assertThat(new RestartBudget(0, Duration.ofMinutes(5)).take(T0)).isFalse();
        assertThatThrownBy(() -> new RestartBudget(-1, Duration.ofMinutes(5))).hasMessageContaining("max >= 0");
    }
}
