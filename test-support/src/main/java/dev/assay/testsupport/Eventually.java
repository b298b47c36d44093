package dev.assay.testsupport;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls until a condition holds: the pipeline is asynchronous, a test waits for the store to catch up. */
public final class Eventually {

    private Eventually() {
    }

    public static <T> T await(Duration timeout, Supplier<T> probe, Predicate<T> done, String what) {
        Instant deadline = Instant.now().plus(timeout);
        T last = probe.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; last seen: " + last);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            last = probe.get();
        }
        return last;
    }
}
