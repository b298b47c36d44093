package dev.assay.localstack.stub;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.IntFunction;

/** The requests a {@link StubLlmServer} received, in arrival order, with a wait for "n have arrived". */
final class RequestLog {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final List<RecordedRequest> requests = new ArrayList<>();

    /**
     * Numbers the request (1, 2, ...), lets {@code decide} choose its reply, and only then makes it
     * visible to {@link #snapshot()} and {@link #await}, all in one step: sequence and list order agree,
     * and a test that has seen a request can rely on its reply being decided (a later reset cannot
     * change it).
     */
    <T> T append(IntFunction<RecordedRequest> numbered, Function<RecordedRequest, T> decide) {
        lock.lock();
        try {
            RecordedRequest request = numbered.apply(requests.size() + 1);
            T decision = decide.apply(request);
            requests.add(request);
            arrived.signalAll();
            return decision;
        } finally {
            lock.unlock();
        }
    }

    List<RecordedRequest> snapshot() {
        lock.lock();
        try {
            return List.copyOf(requests);
        } finally {
            lock.unlock();
        }
    }

    void clear() {
        lock.lock();
        try {
            requests.clear();
        } finally {
            lock.unlock();
        }
    }

    List<RecordedRequest> await(int count, Duration timeout) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, was " + count);
        }
        long remainingNanos = timeout.toNanos();
        lock.lock();
        try {
            while (requests.size() < count) {
                if (remainingNanos <= 0) {
                    throw new AssertionError("Expected at least " + count + " request(s) to the LLM stub within "
                            + timeout + " but got " + requests.size() + ": " + requests);
                }
                remainingNanos = arrived.awaitNanos(remainingNanos);
            }
            return List.copyOf(requests);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for " + count + " request(s)", e);
        } finally {
            lock.unlock();
        }
    }
}
