package dev.assay.core.repository;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * One statement for many callers (a group commit): a caller's item waits in a queue, and the caller
 * that gets to run takes every item waiting, up to {@code maxBatch}, and runs them together; the
 * others wait for the batch that holds theirs. Alone, a caller runs at once with its own item, so
 * nothing waits for a batch to fill. Hundreds of model calls in flight each made their own
 * statements to the response cache, and the results of as many jobs each their own transaction;
 * grouped, they make a few. A batch that fails fails each of its callers alike: a batch function that
 * wants outcomes of their own per item (one bad item among good ones) returns them as its answers.
 *
 * @param <T> what a caller hands in
 * @param <R> what it gets back
 */
public final class GroupedCalls<T, R> {

    private final Queue<Waiting<T, R>> waiting = new ConcurrentLinkedQueue<>();
    private final ReentrantLock running = new ReentrantLock();
    private final int maxBatch;
    /** Runs a batch: one answer per item, in the items' order. */
    private final Function<List<T>, List<R>> batch;

    public GroupedCalls(int maxBatch, Function<List<T>, List<R>> batch) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("a batch holds at least one item, got " + maxBatch);
        }
        this.maxBatch = maxBatch;
        this.batch = batch;
    }

    /** Runs {@code item} in a batch and returns its answer; a batch that fails fails each of its callers alike. */
    public R call(T item) {
        Waiting<T, R> mine = new Waiting<>(item, new CompletableFuture<>());
        waiting.add(mine);
        running.lock();
        try {
            // a caller before this one may have run it already; otherwise it is in the queue, in order
            while (!mine.answer.isDone()) {
                runBatch();
            }
        } finally {
            running.unlock();
        }
        try {
            return mine.answer.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : e;
        }
    }

    /** How many callers wait for a batch now (for tests). */
    int waiting() {
        return waiting.size();
    }

    private void runBatch() {
        List<Waiting<T, R>> taken = new ArrayList<>();
        for (Waiting<T, R> next; taken.size() < maxBatch && (next = waiting.poll()) != null; ) {
            taken.add(next);
        }
        if (taken.isEmpty()) {
            return;
        }
        try {
            List<R> answers = batch.apply(taken.stream().map(Waiting::item).toList());
            for (int i = 0; i < taken.size(); i++) {
                taken.get(i).answer.complete(answers.get(i));
            }
        } catch (RuntimeException e) {
            taken.forEach(one -> one.answer.completeExceptionally(e));
        }
    }

    private record Waiting<T, R>(T item, CompletableFuture<R> answer) {
    }
}
