package dev.assay.core.pipeline;

import dev.assay.common.json.Json;

/**
 * Decodes a record's JSON text into a pipeline message. Decoding happens in the service rather
 * than in a Kafka deserializer so the original text is still there for the dead-letter topic.
 */
public final class RecordReader {

    private RecordReader() {
    }

    /** The message in {@code payload}; {@link UnreadableRecordException} saying why when there is none. */
    public static <T> T read(String payload, Class<T> type) {
        if (payload == null || payload.isBlank()) {
            throw new UnreadableRecordException("empty record: expected a " + type.getSimpleName());
        }
        try {
            return Json.read(payload, type);
        } catch (RuntimeException e) {
            // Json.read names the type and Jackson's reason (e.g. an unsupported schema_version), never the whole payload.
            throw new UnreadableRecordException(describe(e), e);
        }
    }

    private static String describe(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        // Reasons travel in a Kafka header: keep them readable.
        return message.length() > 1000 ? message.substring(0, 1000) + "..." : message;
    }
}
