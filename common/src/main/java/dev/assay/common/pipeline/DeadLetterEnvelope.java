package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * What {@code assay.dlq} holds in place of a record that could not be dead-lettered whole (too large
 * once the dead-letter headers are added, docs/messaging.md "Dead letters"): where it came from, why,
 * how large it was, and a bounded prefix of its value. The record's message headers
 * ({@code dead-letter-*}) are kept as for any dead letter, plus {@code dead-letter-envelope: true}.
 *
 * @param envelope      always true, so a reader of the value alone can tell an envelope from a record
 * @param sizeBytes     the size of the original value in bytes
 * @param valuePrefix   the first bytes of the value: text when they are UTF-8, else base64
 * @param valueEncoding {@code utf-8} or {@code base64}: how {@code value_prefix} holds the bytes
 * @param truncated     whether the prefix is shorter than the value
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeadLetterEnvelope(int schemaVersion, boolean envelope, String reason, String topic, int partition,
                                 long offset, long sizeBytes, String valuePrefix, String valueEncoding,
                                 boolean truncated) {

    public static final int SCHEMA_VERSION = 1;
    /** The header that marks an envelope on {@code assay.dlq}. */
    public static final String HEADER = "dead-letter-envelope";
    public static final String UTF_8 = "utf-8";
    public static final String BASE64 = "base64";

    public DeadLetterEnvelope {
        if (schemaVersion != SCHEMA_VERSION) {
            throw new IllegalArgumentException("dead-letter envelope: schema_version " + schemaVersion
                    + " is not supported (this service reads version " + SCHEMA_VERSION + ")");
        }
        if (!envelope) {
            throw new IllegalArgumentException("dead-letter envelope: envelope must be true");
        }
        if (!UTF_8.equals(valueEncoding) && !BASE64.equals(valueEncoding)) {
            throw new IllegalArgumentException("dead-letter envelope: value_encoding must be " + UTF_8 + " or " + BASE64
                    + ", was " + valueEncoding);
        }
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("dead-letter envelope: size_bytes must be >= 0, was " + sizeBytes);
        }
    }

    /**
     * The envelope of {@code value} (null for a record without one): at most {@code maxPrefixBytes} of it,
     * cut at a character boundary when it is UTF-8 text, else base64 of at most that many bytes.
     */
    public static DeadLetterEnvelope of(String reason, String topic, int partition, long offset, byte[] value,
                                        int maxPrefixBytes) {
        if (maxPrefixBytes < 4) {
            throw new IllegalArgumentException("dead-letter envelope: the prefix bound must be at least 4 bytes, was " + maxPrefixBytes);
        }
        byte[] bytes = value == null ? new byte[0] : value;
        int length = Math.min(bytes.length, maxPrefixBytes);
        String text = utf8Prefix(bytes, length);
        if (text != null) {
            return new DeadLetterEnvelope(SCHEMA_VERSION, true, reason, topic, partition, offset, bytes.length, text, UTF_8,
                    text.getBytes(StandardCharsets.UTF_8).length < bytes.length);
        }
        // base64 grows 4/3: keep the encoded prefix within the bound too
        int raw = Math.min(bytes.length, maxPrefixBytes / 4 * 3);
        return new DeadLetterEnvelope(SCHEMA_VERSION, true, reason, topic, partition, offset, bytes.length,
                Base64.getEncoder().encodeToString(Arrays.copyOf(bytes, raw)), BASE64, raw < bytes.length);
    }

    /**
     * The first {@code length} bytes as text, less a character the cut split; null when they are not UTF-8
     * (a malformed sequence anywhere before the cut).
     */
    private static String utf8Prefix(byte[] bytes, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        CharBuffer out = CharBuffer.allocate(length);
        CoderResult result = decoder.decode(in, out, length == bytes.length);
        if (result.isError()) {
            return null;
        }
        // an underflow with bytes left is a character cut by the prefix bound (at most 3 bytes): drop it
        if (in.remaining() > 3) {
            return null;
        }
        if (length == bytes.length) {
            try {
                decoder.flush(out);
            } catch (RuntimeException e) {
                return null;
            }
        }
        out.flip();
        return out.toString();
    }

    /** Whether {@code bytes} are UTF-8 text as a whole. */
    public static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
