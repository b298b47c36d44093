package dev.assay.common.pipeline;

import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The envelope of a dead letter too large to send whole: a bounded prefix, text where it is UTF-8, else base64. */
class DeadLetterEnvelopeTest {

    @Test
    void aUtf8ValueKeepsATextPrefixCutAtACharacterBoundary() {
        byte[] value = ("ab" + "é".repeat(100)).getBytes(StandardCharsets.UTF_8);

        DeadLetterEnvelope envelope = DeadLetterEnvelope.of("why", "assay.jobs", 1, 7, value, 5);

        // 5 bytes: "ab", one "é" (2 bytes) and half of the next, which is dropped
        assertThat(envelope.valuePrefix()).isEqualTo("abé");
        assertThat(envelope.valueEncoding()).isEqualTo(DeadLetterEnvelope.UTF_8);
        assertThat(envelope.sizeBytes()).isEqualTo(value.length);
        assertThat(envelope.truncated()).isTrue();
        assertThat(Json.write(envelope)).isEqualTo("{\"schema_version\":1,\"envelope\":true,\"reason\":\"why\",\"topic\":\"assay.jobs\","
                + "\"partition\":1,\"offset\":7,\"size_bytes\":202,\"value_prefix\":\"abé\",\"value_encoding\":\"utf-8\",\"truncated\":true}"
                );
    }

    @Test
    void aValueThatIsNotUtf8KeepsABase64PrefixWithinTheBound() {
        byte[] value = new byte[300];
        Arrays.fill(value, (byte) 0xfe);

        DeadLetterEnvelope envelope = DeadLetterEnvelope.of("why", "assay.parsed", 0, 3, value, 100);

        assertThat(envelope.valueEncoding()).isEqualTo(DeadLetterEnvelope.BASE64);
        assertThat(envelope.valuePrefix().length()).isLessThanOrEqualTo(100);
        assertThat(Base64.getDecoder().decode(envelope.valuePrefix())).isEqualTo(Arrays.copyOf(value, 75));
        assertThat(envelope.truncated()).isTrue();
    }

    @Test
    void aShortValueIsKeptWhole() {
        DeadLetterEnvelope envelope = DeadLetterEnvelope.of("why", "assay.jobs", 0, 0, "{}".getBytes(StandardCharsets.UTF_8), 100);

        assertThat(envelope.valuePrefix()).isEqualTo("{}");
        assertThat(envelope.truncated()).isFalse();
    }

    @Test
    void aValueEndingInHalfACharacterIsNotText() {
        byte[] value = Arrays.copyOf("aé".getBytes(StandardCharsets.UTF_8), 2);

        assertThat(DeadLetterEnvelope.of("why", "t", 0, 0, value, 100).valueEncoding()).isEqualTo(DeadLetterEnvelope.BASE64);
    }

    @Test
    void anUnknownEncodingIsRefused() {
        assertThatThrownBy(() -> new DeadLetterEnvelope(1, true, "r", "t", 0, 0, 0, "", "latin-1", false))
                .hasMessageContaining("value_encoding must be utf-8 or base64, was latin-1");
    }
}
