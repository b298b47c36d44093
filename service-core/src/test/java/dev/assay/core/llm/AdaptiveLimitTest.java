package dev.assay.core.llm;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The AIMD rules of a model's concurrency limit, and that its permits follow the limit. */
class AdaptiveLimitTest {

    @Test
    void aRefusalHalvesTheLimitAndTakesPermitsAwayNeverBelowOne() {
        AdaptiveLimit limit = new AdaptiveLimit(16);

        assertThat(limit.rateLimited(limit.round())).hasValue(8);
        assertThat(limit.permits().availablePermits()).isEqualTo(8);
        assertThat(limit.rateLimited(limit.round())).hasValue(4);
        assertThat(limit.rateLimited(limit.round())).hasValue(2);
        assertThat(limit.rateLimited(limit.round())).hasValue(1);
        assertThat(limit.rateLimited(limit.round())).isEmpty();
        assertThat(limit.limit()).isEqualTo(1);
        assertThat(limit.permits().availablePermits()).isEqualTo(1);
    }

    @Test
    void refusalsOfAttemptsSentUnderAnEarlierLimitDoNotHalveItAgain() {
        AdaptiveLimit limit = new AdaptiveLimit(16);
        long round = limit.round(); // 16 attempts sent at once, all refused together

        assertThat(limit.rateLimited(round)).hasValue(8);
        for (int i = 0; i < 15; i++) {
            assertThat(limit.rateLimited(round)).isEmpty();
        }
        assertThat(limit.limit()).isEqualTo(8);
    }

    @Test
    void aRoundOfSuccessesRaisesTheLimitByOneUpToMaxConcurrency() {
        AdaptiveLimit limit = new AdaptiveLimit(4);
        limit.rateLimited(limit.round());
        limit.rateLimited(limit.round());
        assertThat(limit.limit()).isEqualTo(1);

        assertThat(limit.succeeded()).hasValue(2); // a round at limit 1 is one success
        assertThat(limit.succeeded()).isEmpty();
        assertThat(limit.succeeded()).hasValue(3);
        assertThat(successes(limit, 2)).isEmpty();
        assertThat(limit.succeeded()).hasValue(4);
        assertThat(successes(limit, 10)).isEmpty();
        assertThat(limit.limit()).isEqualTo(4);
        assertThat(limit.permits().availablePermits()).isEqualTo(4);
    }

    @Test
    void aRefusalStartsTheRoundOfSuccessesAgain() {
        AdaptiveLimit limit = new AdaptiveLimit(8);
        limit.rateLimited(limit.round()); // 4
        successes(limit, 3);

        limit.rateLimited(limit.round()); // 2: the three successes before it do not count
        assertThat(limit.succeeded()).isEmpty();
        assertThat(limit.succeeded()).hasValue(3);
    }

    @Test
    void permitsInUseWhenTheLimitDropsAreOwedNotLost() throws Exception {
        AdaptiveLimit limit = new AdaptiveLimit(4);
        for (int i = 0; i < 4; i++) {
            limit.permits().acquire();
        }
        limit.rateLimited(limit.round()); // limit 2 with 4 in flight

        assertThat(limit.permits().availablePermits()).isEqualTo(-2);
        limit.permits().release(3);
        assertThat(limit.permits().tryAcquire()).as("3 of 4 back: one slot of the limit 2 is free").isTrue();
        assertThat(limit.permits().tryAcquire()).as("two in flight: the limit").isFalse();
    }

    @Test
    void aLimitBelowOneIsRefused() {
        assertThatThrownBy(() -> new AdaptiveLimit(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max_concurrency must be at least 1, was 0");
    }

    private static OptionalInt successes(AdaptiveLimit limit, int count) {
        OptionalInt last = OptionalInt.empty();
        for (int i = 0; i < count; i++) {
            OptionalInt changed = limit.succeeded();
            if (changed.isPresent()) {
                return changed;
            }
            last = changed;
        }
        return last;
    }
}
