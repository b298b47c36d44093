package dev.assay.core.messaging;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.PromptTask;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.testing.ScriptedLlm;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

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
    void onceDrainingNoModelCallStartsAndTheFirstRefusalGivesUpOnTheRecordsInFlight() throws Exception {
        ScriptedLlm model = new ScriptedLlm("Paris", "Berlin");
        ModelGateway gateway = model.gateway();
        StageDrain stopping = new StageDrain(Duration.ofSeconds(30), gateway);
        List<Message> prompt = List.of(Message.user("Capital of France?"));
        assertThat(gateway.complete(ScriptedLlm.model(), Stage.GENERATION, PromptTask.GENERATION, prompt).content())
                .as("before the drain calls go out").isEqualTo("Paris");
        assertThat(stopping.enter()).isTrue();
        CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> stopping.drain(Duration.ofSeconds(10)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!stopping.draining() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(stopping.abandoned()).as("a record in flight may still finish").isFalse();

        // the record in flight wants its next call
        ModelCallException refused = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(ScriptedLlm.model(), Stage.GENERATION, PromptTask.GENERATION, prompt));

        assertThat(refused).hasMessageContaining("the service is stopping: no new model call starts");
        assertThat(model.received()).as("the refused call never reached the model").hasSize(1);
        assertThat(stopping.abandoned()).as("the record cannot finish: it publishes and stores nothing").isTrue();
        stopping.exit();
        assertThat(drained.get(5, TimeUnit.SECONDS)).as("the drain says records were abandoned").isFalse();
    }

    @Test
    void withNothingInFlightTheDrainIsImmediate() {
        assertThat(drain.drain(Duration.ofSeconds(30))).isTrue();
        assertThat(drain.abandoned()).isFalse();
    }
}
