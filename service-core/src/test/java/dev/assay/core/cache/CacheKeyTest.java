package dev.assay.core.cache;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelPrices;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What changes the response cache's key, and what does not (docs/cache.md). */
class CacheKeyTest {

    private static final ModelConfig MODEL = ModelConfig.of("openai", "gpt-x").toBuilder().temperature(0.0).build();
    private static final List<Message> MESSAGES = List.of(Message.system("Be brief."), Message.user("What is 2 + 2?"));
    private static final JsonNode SCHEMA = Json.read("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}",
            JsonNode.class);
    private static final String KEY = CacheKey.of(MODEL, MESSAGES, SCHEMA, 1);
    private static final String PINNED_KEY = "3a69ebc21a04cf94297aa29eb1af3c747ad3d3d2aa4d5f1d2e9efa3122bcaf1f";

    @Test
    void theSameCallHasTheSameKey() {
        assertThat(CacheKey.of(ModelConfig.of("openai", "gpt-x").toBuilder().temperature(0.0).build(),
                List.of(Message.system("Be brief."), Message.user("What is 2 + 2?")), SCHEMA.deepCopy(), 1)).isEqualTo(KEY);
        assertThat(KEY).hasSize(64);
    }

    @Test
    void whatChangesTheAnswerChangesTheKey() {
        Map<String, String> changed = Map.of(
                "model", CacheKey.of(ModelConfig.of("openai", "gpt-y").toBuilder().temperature(0.0).build(), MESSAGES, SCHEMA, 1),
                "id", CacheKey.of(MODEL.toBuilder().id("b").build(), MESSAGES, SCHEMA, 1),
                "base_url", CacheKey.of(MODEL.toBuilder().baseUrl("http://127.0.0.1:9/v1").build(), MESSAGES, SCHEMA, 1),
                "temperature", CacheKey.of(MODEL.toBuilder().temperature(0.7).build(), MESSAGES, SCHEMA, 1),
                "max_tokens", CacheKey.of(MODEL.toBuilder().maxTokens(100).build(), MESSAGES, SCHEMA, 1),
                "seed", CacheKey.of(MODEL.toBuilder().seed(7L).build(), MESSAGES, SCHEMA, 1),
                "messages", CacheKey.of(MODEL, List.of(Message.system("Be brief."), Message.user("What is 2 + 3?")), SCHEMA, 1),
                "schema", CacheKey.of(MODEL, MESSAGES, null, 1),
                "replicate", CacheKey.of(MODEL, MESSAGES, SCHEMA, 2));
        changed.forEach((what, key) -> assertThat(key).as("a changed %s", what).isNotEqualTo(KEY));
        assertThat(Map.copyOf(changed).values()).doesNotHaveDuplicates();
    }

    @Test
    void eachSampleOfAJobHasAKeyOfItsOwnAndTheJobsOneSampleKeepsItsOldKey() {
        assertThat(CacheKey.of(MODEL, MESSAGES, SCHEMA, 1, null)).isEqualTo(KEY);
        // the key every call had before samples were keyed: entries stored then still answer
        assertThat(KEY).isEqualTo(PINNED_KEY);
        List<String> samples = List.of(CacheKey.of(MODEL, MESSAGES, SCHEMA, 1, "run colour #1"),
                CacheKey.of(MODEL, MESSAGES, SCHEMA, 1, "run colour #2"), CacheKey.of(MODEL, MESSAGES, SCHEMA, 1, "turn answer"),
                CacheKey.of(MODEL, MESSAGES, SCHEMA, 1, "run colour #1/turn answer"));
        assertThat(samples).doesNotContain(KEY).doesNotHaveDuplicates();
    }

    @Test
    void whatDoesNotChangeTheAnswerKeepsTheKey() {
        ModelConfig other = MODEL.toBuilder().timeout(Duration.ofMinutes(9)).maxConcurrency(1).apiKeyEnv("OTHER_KEY")
                .prices(new ModelPrices(BigDecimal.ONE, BigDecimal.TEN)).build();
        assertThat(CacheKey.of(other, MESSAGES, SCHEMA, 1)).isEqualTo(KEY);
    }
}
