package dev.assay.core.cache;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.CacheMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.AnswerCheck;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.Extraction;
import dev.assay.core.llm.LlmSettings;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelCallObserver;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.llm.SecretResolver;
import dev.assay.core.testing.MemoryResponseCache;
import dev.assay.core.testing.ScriptedLlm;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Which answers the response cache keeps and serves, through the real gateway (docs/cache.md, "What is
 * stored" and "What makes two calls the same"): one test per rule.
 */
class CachedCallsTest {

    private static final ModelConfig JUDGE = ScriptedLlm.model();
    private static final List<Message> ASKED = List.of(Message.user("Extract the city."));
    private static final JsonNode SCHEMA = Json.read("{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
            + "\"required\":[\"city\"]}", JsonNode.class);
    private static final CacheScope RUN = new CacheScope(CacheMode.READ_WRITE, 1, null, "run-1");
    /** One repair round, so a first unusable answer is asked again. */
    private static final LlmSettings ONE_REPAIR = new LlmSettings() {
        @Override public int maxAttempts() { return 1; }
        @Override public Duration initialBackoff() { return Duration.ofMillis(1); }
        @Override public Duration maxBackoff() { return Duration.ofMillis(1); }
        @Override public Duration maxRetryAfter() { return Duration.ofMillis(1); }
        @Override public Duration maxRateLimitWait() { return Duration.ZERO; }
        @Override public int repairAttempts() { return 1; }
    };

    private final MemoryResponseCache cache = new MemoryResponseCache();

    private static ModelGateway gateway(ScriptedLlm llm, ResponseCache cache) {
        return new ModelGateway(List.of(llm), new SecretResolver(), ONE_REPAIR, ModelCallObserver.NONE, cache);
    }

    private Extraction extract(ModelGateway gateway) {
        return gateway.extract(JUDGE, Stage.PARSING, PromptTask.PARSING, ASKED, SCHEMA, AnswerCheck.NONE, RUN);
    }

    @Test
    void aJudgeAnswerThatIsNotJsonEvenAfterRepairIsNeverStoredSoTheNextCallAsksAgain() {
        ScriptedLlm broken = new ScriptedLlm("<html>Bad gateway</html>", "still not JSON");
        assertThatThrownBy(() -> extract(gateway(broken, cache))).isInstanceOf(ModelCallException.class);
        assertThat(cache.entries()).as("neither the answer nor its repair round").isEmpty();

        ScriptedLlm working = new ScriptedLlm("{\"city\":\"Paris\"}");
        assertThat(extract(gateway(working, cache)).value().get("city").asText()).isEqualTo("Paris");
        assertThat(working.received()).hasSize(1);
        assertThat(cache.entries()).hasSize(1);

        ScriptedLlm unused = new ScriptedLlm();
        Extraction again = extract(gateway(unused, cache));
        assertThat(again.value().get("city").asText()).isEqualTo("Paris");
        assertThat(again.calls()).singleElement().satisfies(call -> assertThat(call.cached()).isTrue());
        assertThat(unused.received()).as("the usable answer is served").isEmpty();
    }

    @Test
    void aRepairedAnswerIsStoredButNotTheAnswerItRepaired() {
        ScriptedLlm llm = new ScriptedLlm("not JSON", "{\"city\":\"Paris\"}");
        assertThat(extract(gateway(llm, cache)).value().get("city").asText()).isEqualTo("Paris");
        assertThat(cache.entries()).hasSize(1);
        assertThat(cache.find(CacheKey.of(JUDGE, ASKED, SCHEMA, 1))).as("the unusable first answer").isEmpty();
        assertThat(cache.entries().values()).singleElement()
                .satisfies(stored -> assertThat(stored.response().content()).isEqualTo("{\"city\":\"Paris\"}"));
    }

    @Test
    void anAnswerThatFailsTheCallersCheckIsNotStored() {
        ScriptedLlm llm = new ScriptedLlm("{\"city\":\"\"}", "{\"city\":\"\"}");
        AnswerCheck nonEmpty = answer -> answer.path("city").asText().isEmpty() ? List.of("city is empty") : List.of();
        assertThatThrownBy(() -> gateway(llm, cache).extract(JUDGE, Stage.PARSING, PromptTask.PARSING, ASKED, SCHEMA, nonEmpty, RUN))
                .isInstanceOf(ModelCallException.class);
        assertThat(cache.entries()).isEmpty();
    }

    @Test
    void anUnusableAnswerFoundInTheCacheIsEvictedAndAskedAgain() {
        // as stored before unusable answers were kept out (or by a store that kept one)
        String key = CacheKey.of(JUDGE, ASKED, SCHEMA, 1);
        cache.putIfAbsent(key, JUDGE.canonicalKey(), "old-run", new CachedResponse("Bad gateway", null));
        ScriptedLlm llm = new ScriptedLlm("{\"city\":\"Paris\"}", "{\"city\":\"Paris\"}");

        assertThat(extract(gateway(llm, cache)).value().get("city").asText()).isEqualTo("Paris");
        assertThat(cache.find(key)).as("the unusable cached answer is evicted").isEmpty();

        assertThat(extract(gateway(llm, cache)).value().get("city").asText()).isEqualTo("Paris");
        assertThat(llm.received()).as("the repair round, then the first call afresh").hasSize(2);
        assertThat(llm.received().get(1)).isEqualTo(ASKED);
        assertThat(cache.find(key)).map(CachedResponse::content).contains("{\"city\":\"Paris\"}");
    }

    @Test
    void aBlankTextAnswerIsNotStored() {
        ScriptedLlm llm = new ScriptedLlm("", "Paris");
        ModelGateway gateway = llm.gateway(cache);
        assertThat(gateway.complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, RUN).content()).isEmpty();
        assertThat(cache.entries()).isEmpty();
        assertThat(gateway.complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, RUN).content()).isEqualTo("Paris");
        assertThat(llm.received()).hasSize(2);
        assertThat(cache.entries()).hasSize(1);
    }

    @Test
    void aFailedCallIsNotStored() {
        ScriptedLlm llm = new ScriptedLlm((String) null);
        assertThatThrownBy(() -> llm.gateway(cache).complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, RUN))
                .isInstanceOf(ModelCallException.class);
        assertThat(cache.entries()).isEmpty();
    }

    @Test
    void eachSampleOfAJobIsAnEntryOfItsOwn() {
        ScriptedLlm llm = new ScriptedLlm("red", "green", "blue");
        ModelGateway gateway = llm.gateway(cache);
        List<String> answers = java.util.stream.Stream.of("run colour #1", "run colour #2", "run colour #1")
                .map(sample -> gateway.complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, RUN.withSample(sample)).content())
                .toList();
        assertThat(answers).containsExactly("red", "green", "red");
        assertThat(llm.received()).as("the third call is the first sample again: served").hasSize(2);
        assertThat(cache.entries()).hasSize(2);
    }

    @Test
    void anEntryKeepsItsModelAndRunSoEitherCanBeCleared() {
        new ScriptedLlm("Paris").gateway(cache).complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, RUN);
        new ScriptedLlm("Lima").gateway(cache).complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED,
                new CacheScope(CacheMode.READ_WRITE, 2, null, "run-2"));
        assertThat(cache.entries().values()).extracting(MemoryResponseCache.Stored::runId).containsExactlyInAnyOrder("run-1", "run-2");
        assertThat(cache.entries().values()).extracting(MemoryResponseCache.Stored::model).containsOnly(JUDGE.canonicalKey());
    }

    @Test
    void theSameCallInAnotherRunIsServedTheRunIsNotPartOfTheKey() {
        ScriptedLlm llm = new ScriptedLlm("Paris");
        llm.gateway(cache).complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, RUN);
        Completion other = llm.gateway(cache).complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED,
                new CacheScope(CacheMode.READ_WRITE, 1, null, "run-2"));
        assertThat(other.content()).isEqualTo("Paris");
        assertThat(llm.received()).hasSize(1);
        assertThat(cache.entries().values()).extracting(MemoryResponseCache.Stored::runId).containsExactly("run-1");
    }

    @Test
    void anAgentTurnIsNeverServedFromTheCacheNorStored() {
        cache.putIfAbsent(CacheKey.of(JUDGE, ASKED, null, 1), JUDGE.canonicalKey(), "run-1", new CachedResponse("cached", null));
        ScriptedLlm llm = new ScriptedLlm("fresh");
        List<ToolDefinition> tools = List.of();
        Completion turn = llm.gateway(cache).complete(JUDGE, Stage.GENERATION, PromptTask.GENERATION, ASKED, tools);
        assertThat(turn.content()).isEqualTo("fresh");
        assertThat(turn.calls()).singleElement().satisfies(call -> assertThat(call.cached()).as("not from the cache").isNull());
        assertThat(cache.entries()).hasSize(1);
    }
}
