package dev.assay.cli.stack;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * How often a crashed service may be restarted: at most {@code max} restarts within any
 * {@code window}. A service that keeps crashing is broken, not unlucky; restarting it forever would
 * hide that behind a run that never ends.
 */
final class RestartBudget {

    static final int DEFAULT_MAX = 5;
    static final Duration DEFAULT_WINDOW = Duration.ofMinutes(5);

    private final int max;
    private final Duration window;
    private final Deque<Instant> restarts = new ArrayDeque<>();
    private int total;

    RestartBudget(int max, Duration window) {
        if (max < 0 || window.isNegative()) {
            throw new IllegalArgumentException("a restart budget needs max >= 0 and a window >= 0, got " + max + " in " + window);
        }
        this.max = max;
        this.window = window;
    }

    static RestartBudget standard() {
        return new RestartBudget(DEFAULT_MAX, DEFAULT_WINDOW);
    }

    /** Takes one restart at {@code now} if the budget allows it; false when {@code max} were made within the window. */
    synchronized boolean take(Instant now) {
        while (!restarts.isEmpty() && !restarts.peekFirst().isAfter(now.minus(window))) {
            restarts.removeFirst();
        }
        if (restarts.size() >= max) {
            return false;
        }
        restarts.addLast(now);
        total++;
        return true;
    }

    /** Restarts taken so far, over the whole life of the service. */
    synchronized int total() {
        return total;
    }

    int max() {
        return max;
    }

    Duration window() {
        return window;
    }
}
