package dev.assay.core.observability;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class RecordContextExecutorTest {

    private static final ContextKey<String> KEY = ContextKey.named("test-key");

    @AfterEach
    void clear() {
        RecordMdc.clear();
    }

    @Test
    void tasksRunWithTheSubmittersRecordIdsAndTraceContext() throws Exception {
        RecordMdc.put(new RecordIds("run-1", "job-1", null));
        Future<String> seen;
        try (Scope ignored = Context.current().with(KEY, "record-span").makeCurrent();
             ExecutorService executor = RecordContextExecutor.perTask()) {
            seen = executor.submit(() -> MDC.get(RecordMdc.RUN_ID) + "/" + MDC.get(RecordMdc.JOB_ID) + "/"
                    + Context.current().get(KEY) + "/" + Thread.currentThread().isVirtual());
        }
        assertThat(seen.get()).isEqualTo("run-1/job-1/record-span/true");
    }

    @Test
    void aTaskSubmittedWithoutARecordSeesNone() throws Exception {
        try (ExecutorService executor = RecordContextExecutor.perTask()) {
            assertThat(executor.submit(() -> String.valueOf(MDC.get(RecordMdc.JOB_ID))).get()).isEqualTo("null");
        }
    }

    @Test
    void recordMdcPutsAndClearsTheIds() {
        RecordMdc.put(new RecordIds("run-2", "job-2", "result-2"));
        assertThat(MDC.get(RecordMdc.RESULT_ID)).isEqualTo("result-2");
        RecordMdc.clear();
        assertThat(MDC.get(RecordMdc.RUN_ID)).isNull();
        assertThat(MDC.get(RecordMdc.JOB_ID)).isNull();
        assertThat(MDC.get(RecordMdc.RESULT_ID)).isNull();
    }
}
