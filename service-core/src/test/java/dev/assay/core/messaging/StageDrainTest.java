package dev.assay.core.messaging;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class StageDrainTest {

    private final StageDrain drain = new StageDrain(Duration.ofSeconds(30));

    @Test
    void drainingWaitsForTheRecordsInFlightAndStartsNoNewOne() throws Exception {
        assertThat(drain.enter()).isTrue();
        CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> drain.drain(Duration.ofSeconds(10)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!drain.draining() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(drain.draining()).as("the drain began").isTrue();
        assertThat(drained).as("waiting for the record in flight").isNotDone();
        assertThat(drain.enter()).as("a record arriving while draining").isFalse();

        drain.exit();

        assertThat(drained.get(5, TimeUnit.SECONDS)).isTrue();
        assertThat(drain.abandoned()).isFalse();
        assertThat(drain.inFlight()).isZero();
    }

    @Test
    void recordsStillRunningAtTheDeadlineAreAbandoned() {
        assertThat(drain.enter()).isTrue();
        long started = System.nanoTime();

        assertThat(drain.drain(Duration.ofMillis(300))).isFalse();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(drain.abandoned()).isTrue();
        drain.exit();
        assertThat(drain.enter()).isFalse();
    }

    @Test
    void withNothingInFlightTheDrainIsImmediate() {
        assertThat(drain.drain(Duration.ofSeconds(30))).isTrue();
        assertThat(drain.abandoned()).isFalse();
    }
}
