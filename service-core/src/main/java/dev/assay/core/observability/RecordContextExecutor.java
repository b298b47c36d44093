package dev.assay.core.observability;

import io.opentelemetry.context.Context;

import java.util.List;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A virtual thread per task, each running with the trace context and the record ids (MDC) of the
 * thread that submitted it: work a stage fans out for one record (one judge each) stays in that
 * record's trace and log lines. Closing waits for the tasks, like
 * {@link Executors#newVirtualThreadPerTaskExecutor()}.
 */
public final class RecordContextExecutor extends AbstractExecutorService {

    private final ExecutorService delegate = Executors.newVirtualThreadPerTaskExecutor();

    private RecordContextExecutor() {
    }

    public static ExecutorService perTask() {
        return new RecordContextExecutor();
    }

    @Override
    public void execute(Runnable task) {
        Context trace = Context.current();
        Map<String, Object> ids = RecordMdc.snapshot();
        delegate.execute(() -> {
            RecordMdc.restore(ids);
            try (var ignored = trace.makeCurrent()) {
                task.run();
            } finally {
                RecordMdc.clear();
            }
        });
    }

    @Override
    public void shutdown() {
        delegate.shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return delegate.shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return delegate.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return delegate.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return delegate.awaitTermination(timeout, unit);
    }
}
