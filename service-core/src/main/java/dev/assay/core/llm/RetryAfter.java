package dev.assay.core.llm;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reads a provider's {@code Retry-After} header (RFC 9110 §10.2.3): delay-seconds (providers also
 * send fractions, e.g. {@code 1.5}) or an HTTP date. Both adapters read it the one way, so no
 * form of the header is silently dropped for our shorter backoff.
 */
public final class RetryAfter {

    private RetryAfter() {
    }

    /** How long the provider asked us to wait, from now; empty when the header is absent or unreadable. */
    public static Optional<Duration> parse(String header) {
        return parse(header, Clock.systemUTC());
    }

    static Optional<Duration> parse(String header, Clock clock) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.strip();
        try {
            double seconds = Double.parseDouble(value);
            if (Double.isNaN(seconds) || Double.isInfinite(seconds) || seconds < 0) {
                return Optional.empty();
            }
            // rounded up: waiting a millisecond longer is harmless, a millisecond less is a retry too early
            return Optional.of(Duration.ofMillis((long) Math.ceil(seconds * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime until = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration left = Duration.between(clock.instant(), until.toInstant());
                return Optional.of(left.isNegative() ? Duration.ZERO : left);
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }
}
