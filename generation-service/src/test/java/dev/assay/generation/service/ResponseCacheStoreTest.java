package dev.assay.generation.service;

import dev.assay.common.port.UsageMetadata;
import dev.assay.core.cache.CachedResponse;
import dev.assay.core.repository.JdbcResponseCache;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The response cache's PostgreSQL store, on the table this service's Flyway migration creates:
 * one answer per key however many writers race, a hit keeps the original usage, an expired
 * answer is not served and is the only one ever replaced; a run's or a model's answers are cleared
 * alone; an eviction removes only the answer found unusable.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class ResponseCacheStoreTest {

    private final JdbcResponseCache cache = new JdbcResponseCache(PostgresResource.dataSource(), Duration.ofDays(1));

    @Test
    void aKeyNeverHoldsTwoAnswers() throws Exception {
        String key = "k-" + UUID.randomUUID();
        int writers = 8;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(writers)) {
            for (int i = 0; i < writers; i++) {
                String answer = "answer " + i;
                done.add(pool.submit(() -> {
                    go.await();
                    cache.putIfAbsent(key, "openai:m", new CachedResponse(answer, UsageMetadata.of("m", 3, 4)));
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> future : done) {
                future.get();
            }
        }
        String first = cache.find(key).orElseThrow().content();
        cache.putIfAbsent(key, "openai:m", new CachedResponse("a later answer", UsageMetadata.EMPTY));
        assertThat(cache.find(key).orElseThrow().content()).as("the stored answer stays").isEqualTo(first);
    }

    @Test
    void callsAtOnceEachGetTheirOwnAnswerAndEveryHitCounts() throws Exception {
        // concurrent lookups and writes share statements (GroupedCalls): each caller still gets its own key's answer
        String prefix = "k-" + UUID.randomUUID() + "-";
        int callers = 64;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<String>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < callers; i++) {
                String key = prefix + (i % 32);
                String answer = "answer " + (i % 32);
                answers.add(pool.submit(() -> {
                    go.await();
                    assertThat(cache.find(prefix + "absent")).isEmpty();
                    cache.putIfAbsent(key, "openai:m", new CachedResponse(answer, UsageMetadata.of("m", 3, 4)));
                    return cache.find(key).orElseThrow().content();
                }));
            }
            go.countDown();
            for (int i = 0; i < callers; i++) {
                assertThat(answers.get(i).get()).isEqualTo("answer " + (i % 32));
            }
        }
        assertThat(hits(prefix)).as("each caller's hit counts, two callers of a key twice").isEqualTo(callers);
    }

    private static long hits(String keyPrefix) throws Exception {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement sum = connection.prepareStatement("SELECT coalesce(sum(hits), 0) FROM response_cache WHERE cache_key LIKE ?")) {
            sum.setString(1, keyPrefix + "%");
            try (ResultSet row = sum.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    @Test
    void aHitKeepsTheOriginalUsage() {
        String key = "k-" + UUID.randomUUID();
        UsageMetadata usage = UsageMetadata.of("m", 120, 8).withCostUsd(new BigDecimal("0.0012"));
        assertThat(cache.find(key)).isEmpty();
        cache.putIfAbsent(key, "openai:m", new CachedResponse("Paris", usage));
        CachedResponse hit = cache.find(key).orElseThrow();
        assertThat(hit.content()).isEqualTo("Paris");
        assertThat(hit.usage()).isEqualTo(usage);
        assertThat(cache.stats().hits()).isPositive();
    }

    @Test
    void anExpiredAnswerIsNotServedAndIsReplaced() throws Exception {
        JdbcResponseCache shortLived = new JdbcResponseCache(PostgresResource.dataSource(), Duration.ofMillis(50));
        String key = "k-" + UUID.randomUUID();
        shortLived.putIfAbsent(key, "openai:m", new CachedResponse("old", UsageMetadata.EMPTY));
        Thread.sleep(200);
        assertThat(shortLived.find(key)).isEmpty();
        shortLived.putIfAbsent(key, "openai:m", new CachedResponse("new", UsageMetadata.EMPTY));
        assertThat(cache.find(key).orElseThrow().content()).isEqualTo("new");
    }

    @Test
    void aRunsOrAModelsAnswersAreClearedAndNoOthers() {
        String run = "run-" + UUID.randomUUID();
        String other = "run-" + UUID.randomUUID();
        String model = "openai:m-" + UUID.randomUUID();
        String otherModel = "openai:n-" + UUID.randomUUID();
        String runsOfModel = put(model, run), runsOfOtherModel = put(otherModel, run), othersOfModel = put(model, other),
                othersOfOtherModel = put(otherModel, other), noRunOfModel = put(model, null);

        assertThat(cache.clear(run, model)).isEqualTo(1);
        assertThat(stored(runsOfModel, runsOfOtherModel, othersOfModel, othersOfOtherModel, noRunOfModel))
                .containsExactly(false, true, true, true, true);
        assertThat(cache.clear(run, null)).isEqualTo(1);
        assertThat(stored(runsOfOtherModel, othersOfModel)).containsExactly(false, true);
        assertThat(cache.clear(null, model)).as("the model's, with a run or without").isEqualTo(2);
        assertThat(stored(othersOfModel, othersOfOtherModel, noRunOfModel)).containsExactly(false, true, false);
    }

    @Test
    void anEvictionRemovesOnlyTheAnswerFoundUnusable() {
        String key = "k-" + UUID.randomUUID();
        cache.putIfAbsent(key, "openai:m", "run-1", new CachedResponse("not JSON", UsageMetadata.EMPTY));
        cache.evict(key, "another answer");
        assertThat(cache.find(key)).as("another answer stored meanwhile would stay").isPresent();
        cache.evict(key, "not JSON");
        assertThat(cache.find(key)).isEmpty();
        cache.putIfAbsent(key, "openai:m", "run-1", new CachedResponse("{}", UsageMetadata.EMPTY));
        assertThat(cache.find(key).orElseThrow().content()).as("the key takes a new answer").isEqualTo("{}");
    }

    private String put(String model, String run) {
        String key = "k-" + UUID.randomUUID();
        cache.putIfAbsent(key, model, run, new CachedResponse("answer", UsageMetadata.EMPTY));
        return key;
    }

    /** Whether each key holds an answer; looked up in the table, so no hit is counted. */
    private static List<Boolean> stored(String... keys) {
        List<Boolean> stored = new ArrayList<>();
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement find = connection.prepareStatement("SELECT count(*) FROM response_cache WHERE cache_key = ?")) {
            for (String key : keys) {
                find.setString(1, key);
                try (ResultSet row = find.executeQuery()) {
                    row.next();
                    stored.add(row.getLong(1) == 1);
                }
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return stored;
    }
}
