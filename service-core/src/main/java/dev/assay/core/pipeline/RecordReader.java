package dev.assay.core.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

/**
 * Decodes a record's JSON text into a pipeline message. Decoding happens in the service rather
 * than in a Kafka deserializer so the original text is still there for the dead-letter topic.
 */
public final class RecordReader {

    private static final String SCHEMA_VERSION = "schema_version";
    private static final int MAX_REASON = 1000;

    private RecordReader() {
    }

    /** The message in {@code payload}; {@link UnreadableRecordException} saying why when there is none. */
    public static <T> T read(String payload, Class<T> type) {
        String expected = type.getSimpleName();
        if (payload == null || payload.isBlank()) {
            throw new UnreadableRecordException("empty record, expected a " + expected);
        }
        JsonNode tree;
        try {
            tree = Json.mapper().readTree(payload);
        } catch (JsonProcessingException e) {
            throw new UnreadableRecordException(shorten("not JSON, expected a " + expected + ": " + e.getOriginalMessage()), e);
        }
        if (!tree.isObject()) {
            throw new UnreadableRecordException("not a JSON object, expected a " + expected);
        }
        if (!tree.hasNonNull(SCHEMA_VERSION)) {
            // Every pipeline message carries one; its absence says this is something else entirely.
            throw new UnreadableRecordException("no " + SCHEMA_VERSION + ", so not a " + expected);
        }
        try {
            return Json.mapper().treeToValue(tree, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            // Jackson's reason (e.g. an unsupported schema_version, a missing field), never the payload itself.
            String reason = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new UnreadableRecordException(shorten("not a valid " + expected + ": " + reason), e);
        }
    }

    /** Reasons travel in a Kafka header: keep them readable. */
    private static String shorten(String reason) {
        return reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON) + "..." : reason;
    }
}
