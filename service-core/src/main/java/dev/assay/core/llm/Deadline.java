package dev.assay.core.llm;

import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.PortTimeoutException;
import io.opentelemetry.context.Context;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a blocking call with a hard deadline. HTTP clients' own timeouts are idle or connect
 * timeouts that a server trickling bytes, or one that accepted and went silent, can defeat; a
 * model's {@code timeout} must hold whatever the server does.
 */
public final class Deadline {

    private static final ExecutorService CALLS = Executors.newVirtualThreadPerTaskExecutor();

    private Deadline() {
    }

    /** {@code call}'s result, or {@link PortTimeoutException} once {@code timeout} has passed (the call is interrupted). */
    public static <T> T within(Duration timeout, String target, Supplier<T> call) {
        // the caller's trace context goes along, so the HTTP client's span belongs to the model call's span
        Callable<T> task = call::get;
        Future<T> future = CALLS.submit(Context.current().wrap(task));
        try {
            // nanoseconds: a timeout cut down to whole milliseconds would end a hair before the deadline
            return future.get(Math.max(0, timeout.toNanos()), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new PortTimeoutException(target + ": no answer within " + describe(timeout), timeout, null);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new PortExecutionException(target + ": interrupted while waiting for the answer");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new PortExecutionException(target + ": " + e.getCause(), null, e.getCause());
        }
    }

    private static String describe(Duration timeout) {
        return GuardedLlmPort.describe(timeout);
    }
}
