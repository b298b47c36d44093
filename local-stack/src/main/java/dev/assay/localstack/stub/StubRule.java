package dev.assay.localstack.stub;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted answer of the {@link StubLlmServer}: requests matching {@code matcher} get {@code reply}.
 * Unlimited by default; {@link #times(int)} limits how many requests it serves in total, after which
 * it is skipped and later rules get their turn ("429 once, then success").
 */
public final class StubRule {

    private static final int UNLIMITED = Integer.MAX_VALUE;

    private final RequestMatcher matcher;
    private final StubReply reply;
    private final AtomicInteger hits = new AtomicInteger();
    private volatile int limit = UNLIMITED;

    StubRule(RequestMatcher matcher, StubReply reply) {
        this.matcher = Objects.requireNonNull(matcher, "matcher must not be null");
        this.reply = Objects.requireNonNull(reply, "reply must not be null");
    }

    /** Serve at most {@code count} requests in total (hits so far included). */
    public StubRule times(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("times must be >= 1, was " + count);
        }
        limit = count;
        return this;
    }

    public StubRule once() {
        return times(1);
    }

    /** How many requests this rule has answered. */
    public int hits() {
        return hits.get();
    }

    public boolean isExhausted() {
        return hits.get() >= limit;
    }

    public RequestMatcher matcher() {
        return matcher;
    }

    public StubReply reply() {
        return reply;
    }

    /** Atomically takes one use of this rule if it matches and is not used up. */
    boolean claim(RecordedRequest request) {
        if (isExhausted() || !matcher.matches(request)) {
            return false;
        }
        while (true) {
            int current = hits.get();
            if (current >= limit) {
                return false;
            }
            if (hits.compareAndSet(current, current + 1)) {
                return true;
            }
        }
    }

    @Override
    public String toString() {
        String uses = limit == UNLIMITED ? hits() + " hits" : hits() + "/" + limit + " hits";
        return "when " + matcher + " (" + uses + ")";
    }
}
