package dev.assay.stage.generation;

import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunOutput;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.llm.SecretResolver;
import dev.assay.core.testing.MemoryResponseCache;
import dev.assay.core.testing.ScriptedLlm;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generation stage's distinct samples under the response cache (docs/cache.md, "What makes two
 * calls the same"): a multi-run prompt's repetitions and a multi-variable prompt's turns each get an
 * entry of their own, so a first run asks the model for every one of them and a second is served each
 * one's own answer.
 */
class CachedSamplesTest {

    private final MemoryResponseCache cache = new MemoryResponseCache();

    private GenerationOutcome answer(ScriptedLlm llm, Question question) {
        VerificationJob job = VerificationJob.create("run-1", question, ScriptedLlm.model(), List.of(), 1,
                new JobSettings(null, false, null), null, Instant.EPOCH);
        return new GenerationStage(llm.gateway(cache), new ToolConnector(new McpConnector(new SecretResolver(), Duration.ofSeconds(5))))
                .process(job).generation();
    }

    private static Question multiRun(int repetitions) {
        List<MultiRunItem> items = List.of(new MultiRunItem("colour", repetitions, List.of(PromptMessage.user("Name a colour.")), null));
        return new Question("q", "label", null, List.of(), null, null, null, null, null, null, null, items, null);
    }

    @Test
    void everyRepetitionOfAMultiRunPromptIsAskedOnAFirstRunAndServedItsOwnAnswerAfter() {
        ScriptedLlm model = new ScriptedLlm("red", "green", "blue");
        GenerationOutcome first = answer(model, multiRun(3));
        assertThat(first.failure()).isNull();
        assertThat(model.received()).as("three repetitions, three calls").hasSize(3);
        assertThat(first.outputs()).extracting(RunOutput::response).containsExactly("red", "green", "blue");
        assertThat(cache.entries()).hasSize(3);

        ScriptedLlm unused = new ScriptedLlm();
        GenerationOutcome again = answer(unused, multiRun(3));
        assertThat(unused.received()).isEmpty();
        assertThat(again.outputs()).extracting(RunOutput::response).containsExactly("red", "green", "blue");
        assertThat(again.calls()).extracting(RecordedCall::cached).containsOnly(Boolean.TRUE);
    }

    @Test
    void moreRepetitionsLaterAskOnlyForTheNewOnes() {
        answer(new ScriptedLlm("red", "green"), multiRun(2));
        ScriptedLlm model = new ScriptedLlm("blue");
        GenerationOutcome more = answer(model, multiRun(3));
        assertThat(model.received()).hasSize(1);
        assertThat(more.outputs()).extracting(RunOutput::response).containsExactly("red", "green", "blue");
    }

    @Test
    void eachTurnOfAMultiVariablePromptIsAnEntryOfItsOwn() {
        // two turns the model fills one after the other: the second is sent the first's answer
        Question twice = new Question("q", null, null, List.of(), null, null, null, null, null,
                List.of(PromptMessage.user("Name a colour."), PromptMessage.toFill("first"), PromptMessage.user("Another?"),
                        PromptMessage.toFill("second")), null, null, null);
        ScriptedLlm model = new ScriptedLlm("red", "green");
        assertThat(answer(model, twice).variables()).containsValues("red", "green");
        assertThat(cache.entries()).hasSize(2);
        assertThat(cache.entries().values()).extracting(stored -> stored.runId()).containsOnly("run-1");

        ScriptedLlm unused = new ScriptedLlm();
        assertThat(answer(unused, twice).variables()).containsEntry("first", "red").containsEntry("second", "green");
        assertThat(unused.received()).isEmpty();
    }
}
