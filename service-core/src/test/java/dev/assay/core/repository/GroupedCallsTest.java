package dev.assay.core.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.assay.testsupport.Eventually;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Callers at once share a batch; each gets its own answer, a failed batch fails only its own callers. */
class GroupedCallsTest {

    @Test
    void aCallerAloneRunsAtOnceWithItsOwnItem() {
        List<List<Integer>> batches = new ArrayList<>();
        GroupedCalls<Integer, Integer> doubled = new GroupedCalls<>(8, items -> {
            batches.add(items);
            return items.stream().map(item -> item * 2).toList();
        });

        assertThat(doubled.call(21)).isEqualTo(42);
        assertThat(doubled.call(5)).isEqualTo(10);
        assertThat(batches).containsExactly(List.of(21), List.of(5));
    }

    @Test
    void callersArrivingWhileABatchRunsShareTheNextOneUpToItsSize() throws Exception {
        List<List<Integer>> batches = new ArrayList<>();
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        GroupedCalls<Integer, String> named = new GroupedCalls<>(4, items -> {
            batches.add(items);
            if (batches.size() == 1) {
                firstRunning.countDown();
                await(release);
            }
            return items.stream().map(item -> "item " + item).toList();
        });
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<String> first = callers.submit(() -> named.call(0));
            assertThat(firstRunning.await(10, TimeUnit.SECONDS)).isTrue();
            List<Future<String>> rest = new ArrayList<>();
            for (int i = 1; i <= 6; i++) {
                int item = i;
                rest.add(callers.submit(() -> named.call(item)));
            }
            // all six wait behind the running batch before it ends
            Eventually.await(Duration.ofSeconds(10), named::waiting, waiting -> waiting == 6, "six callers waiting");
            release.countDown();

            assertThat(first.get()).isEqualTo("item 0");
            for (int i = 1; i <= 6; i++) {
                assertThat(rest.get(i - 1).get()).isEqualTo("item " + i);
            }
        }
        assertThat(batches).hasSize(3);
        assertThat(batches.get(0)).containsExactly(0);
        assertThat(batches.get(1)).hasSize(4);
        assertThat(batches.get(2)).hasSize(2);
        assertThat(batches.stream().flatMap(List::stream).sorted().toList()).containsExactly(0, 1, 2, 3, 4, 5, 6);
    }

    @Test
    void aFailedBatchFailsItsCallersAndTheNextBatchRunsAsUsual() throws Exception {
        GroupedCalls<String, String> checked = new GroupedCalls<>(8, items -> {
            if (items.contains("bad")) {
                throw new IllegalStateException("the database refused the batch");
            }
            return items.stream().map(String::toUpperCase).toList();
        });

        assertThatThrownBy(() -> checked.call("bad")).isInstanceOf(IllegalStateException.class)
                .hasMessage("the database refused the batch");
        assertThat(checked.call("good")).isEqualTo("GOOD");
    }

    @Test
    void aBatchOfNoItemsIsRefused() {
        assertThatThrownBy(() -> new GroupedCalls<String, String>(0, items -> items))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one item");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
