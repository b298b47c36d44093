package dev.assay.core.messaging;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;

/**
 * Reads a record's value as UTF-8 text and refuses bytes that are not, where Kafka's
 * {@code StringDeserializer} would replace them with U+FFFD, so that the dead letter of such a record
 * would no longer be its value (docs/messaging.md, "Dead letters"). With
 * {@code fail-on-deserialization-failure=false} the connector hands the record on with a null payload
 * and its original bytes in the {@code deserialization-failure-*} headers; {@link StageRecords} nacks it
 * and {@link EnvelopingDeadLetterQueue} dead-letters those bytes unchanged.
 */
// the Kafka client instantiates it from its class name (the channels' value.deserializer): native images need it registered
@RegisterForReflection
public class StrictUtf8Deserializer implements Deserializer<String> {

    @Override
    public String deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(data))
                    .toString();
        } catch (MalformedInputException e) {
            throw new SerializationException(notUtf8(topic, data.length, firstBadByte(data)));
        } catch (CharacterCodingException e) {
            throw new SerializationException(notUtf8(topic, data.length, -1));
        }
    }

    private static String notUtf8(String topic, int size, int at) {
        return "not UTF-8 text: the value of " + size + " bytes on " + topic
                + (at >= 0 ? " has a malformed sequence at byte " + at : " is malformed");
    }

    /** The offset of the first byte that does not decode; the exception only gives the length of the bad sequence. */
    private static int firstBadByte(byte[] data) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(data);
        var result = decoder.decode(in, java.nio.CharBuffer.allocate(data.length), true);
        return result.isError() ? in.position() : -1;
    }
}
