package dev.assay.generation.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.generation.DeadLetter;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a record of {@code assay.dlq} as a {@link DeadLetter} (docs/messaging.md, Listing dead
 * letters): the dead-letter strategy's headers ({@code dead-letter-reason}, {@code -topic},
 * {@code -partition}, {@code -offset}), the replay count a replay adds, and for an envelope (a record
 * too large to dead-letter whole: header {@code dead-letter-envelope: true}) what its JSON value says.
 */
final class DeadLetterRecords {

    static final String REPLAY_COUNT_HEADER = "assay-replay-count";
    static final String ENVELOPE_HEADER = "dead-letter-envelope";
    /** The most characters of a value a list shows. */
    static final int PREFIX_CHARS = 200;

    private DeadLetterRecords() {
    }

    static boolean isEnvelope(ConsumerRecord<byte[], byte[]> record) {
        return header(record, ENVELOPE_HEADER).map("true"::equalsIgnoreCase).orElse(false);
    }

    /** The replays the record had gone through when it was dead-lettered again; 0 when none (or unreadable). */
    static int replays(ConsumerRecord<byte[], byte[]> record) {
        try {
            return header(record, REPLAY_COUNT_HEADER).map(String::strip).map(Integer::parseInt).map(n -> Math.max(0, n)).orElse(0);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The record as a list shows it: no whole value, no headers. */
    static DeadLetter summary(ConsumerRecord<byte[], byte[]> record) {
        return read(record, false);
    }

    /** The record whole: its value (text, or base64 when not UTF-8) and every header. */
    static DeadLetter whole(ConsumerRecord<byte[], byte[]> record) {
        return read(record, true);
    }

    private static DeadLetter read(ConsumerRecord<byte[], byte[]> record, boolean whole) {
        byte[] bytes = record.value() == null ? new byte[0] : record.value();
        Optional<String> text = utf8(bytes);
        String reason = header(record, "dead-letter-reason").orElse(null);
        DeadLetter.Origin origin = new DeadLetter.Origin(header(record, "dead-letter-topic").orElse(null),
                number(header(record, "dead-letter-partition")).map(Long::intValue).orElse(null),
                number(header(record, "dead-letter-offset")).orElse(null));
        long size = bytes.length;
        String encoding = text.isPresent() ? "utf-8" : "base64";
        String value = text.orElseGet(() -> Base64.getEncoder().encodeToString(bytes));
        String prefix = prefix(value);
        boolean truncated = prefix.length() < value.length();
        boolean envelope = isEnvelope(record);
        if (envelope) {
            JsonNode fields = envelopeFields(text);
            reason = reason != null ? reason : fields.path("reason").asText(null);
            origin = new DeadLetter.Origin(origin.topic() != null ? origin.topic() : fields.path("topic").asText(null),
                    origin.partition() != null ? origin.partition() : fields.path("partition").isIntegralNumber() ? fields.path("partition").asInt() : null,
                    origin.offset() != null ? origin.offset() : fields.path("offset").isIntegralNumber() ? fields.path("offset").asLong() : null);
            size = fields.path("size_bytes").asLong(size);
            encoding = fields.path("value_encoding").asText(encoding);
            value = fields.path("value_prefix").asText("");
            prefix = prefix(value);
            // what the envelope holds is all there is of the original
            truncated = fields.path("truncated").asBoolean(true) || prefix.length() < value.length();
        }
        Map<String, String> headers = null;
        if (whole) {
            headers = new LinkedHashMap<>();
            for (Header header : record.headers()) {
                headers.put(header.key(), header.value() == null ? "" : new String(header.value(), StandardCharsets.UTF_8));
            }
        }
        return new DeadLetter(record.partition(), record.offset(),
                record.timestamp() < 0 ? null : Instant.ofEpochMilli(record.timestamp()),
                record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8),
                reason, origin, size, prefix, encoding, whole ? envelope && truncated : truncated, envelope, replays(record),
                whole ? value : null, headers);
    }

    private static JsonNode envelopeFields(Optional<String> text) {
        try {
            JsonNode tree = Json.mapper().readTree(text.orElse("{}"));
            return tree == null ? Json.mapper().createObjectNode() : tree;
        } catch (Exception e) {
            return Json.mapper().createObjectNode();
        }
    }

    /** The value's start, cut on a character (not inside a surrogate pair). */
    private static String prefix(String value) {
        if (value.length() <= PREFIX_CHARS) {
            return value;
        }
        int end = Character.isHighSurrogate(value.charAt(PREFIX_CHARS - 1)) ? PREFIX_CHARS - 1 : PREFIX_CHARS;
        return value.substring(0, end);
    }

    /** The bytes as text when they are valid UTF-8; empty when not (never altered with replacement characters). */
    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> number(Optional<String> text) {
        try {
            return text.map(String::strip).map(Long::parseLong);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> header(ConsumerRecord<byte[], byte[]> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null || header.value() == null ? Optional.empty()
                : Optional.of(new String(header.value(), StandardCharsets.UTF_8));
    }
}
