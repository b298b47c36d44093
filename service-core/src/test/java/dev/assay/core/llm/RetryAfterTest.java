package dev.assay.core.llm;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC);

    @Test
    void secondsWholeOrFractionalAreReadAndNeverRoundedDown() {
        assertThat(RetryAfter.parse("1", NOW)).contains(Duration.ofSeconds(1));
        assertThat(RetryAfter.parse(" 1.5 ", NOW)).contains(Duration.ofMillis(1500));
        assertThat(RetryAfter.parse("0.0011", NOW)).contains(Duration.ofMillis(2));
        assertThat(RetryAfter.parse("0", NOW)).contains(Duration.ZERO);
    }

    @Test
    void anHttpDateIsTheTimeLeftUntilThenAndZeroWhenPast() {
        assertThat(RetryAfter.parse("Mon, 02 Mar 2026 10:00:07 GMT", NOW)).contains(Duration.ofSeconds(7));
        assertThat(RetryAfter.parse("Mon, 02 Mar 2026 09:59:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @Test
    void absentOrUnreadableHeadersGiveNothing() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
        assertThat(RetryAfter.parse(" ", NOW)).isEmpty();
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-3", NOW)).isEmpty();
        assertThat(RetryAfter.parse("NaN", NOW)).isEmpty();
    }
}
