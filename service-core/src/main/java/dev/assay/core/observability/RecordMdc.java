package dev.assay.core.observability;

import org.jboss.logging.MDC;

import java.util.Map;

/**
 * The logging context of a record's processing: {@code run_id}, {@code job_id} and
 * {@code result_id} in the MDC, so every line logged while a stage works on a record names it (the
 * JSON log format writes them under {@code mdc}). Set once the record is decoded, removed when its
 * processing ends; the thread (a virtual thread per record) may serve another record next.
 */
public final class RecordMdc {

    public static final String RUN_ID = "run_id";
    public static final String JOB_ID = "job_id";
    public static final String RESULT_ID = "result_id";

    private RecordMdc() {
    }

    public static void put(RecordIds ids) {
        if (ids == null) {
            return;
        }
        putOrRemove(RUN_ID, ids.runId());
        putOrRemove(JOB_ID, ids.jobId());
        putOrRemove(RESULT_ID, ids.resultId());
    }

    public static void clear() {
        MDC.remove(RUN_ID);
        MDC.remove(JOB_ID);
        MDC.remove(RESULT_ID);
    }

    /** The record ids currently in the MDC, to carry them to another thread. */
    static Map<String, Object> snapshot() {
        Map<String, Object> copy = new java.util.HashMap<>();
        for (String key : new String[]{RUN_ID, JOB_ID, RESULT_ID}) {
            Object value = MDC.get(key);
            if (value != null) {
                copy.put(key, value);
            }
        }
        return copy;
    }

    static void restore(Map<String, Object> snapshot) {
        clear();
        snapshot.forEach(MDC::put);
    }

    private static void putOrRemove(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
