package dev.assay.common.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/** Durations as people write them and as the messages carry them. */
class FlexibleDurationDeserializerTest {

    @Test
    void numbersAreSeconds() {
        assertThat(FlexibleDurationDeserializer.parse("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(FlexibleDurationDeserializer.parse(" 1.5 ")).isEqualTo(Duration.ofMillis(1500));
        assertThat(FlexibleDurationDeserializer.parse("1e2")).isEqualTo(Duration.ofSeconds(100));
    }

    @Test
    void aUnitSaysWhatTheNumberCounts() {
        assertThat(FlexibleDurationDeserializer.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(FlexibleDurationDeserializer.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(FlexibleDurationDeserializer.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(FlexibleDurationDeserializer.parse("1h")).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void isoDurationsAsTheMessagesWriteThem() {
        assertThat(FlexibleDurationDeserializer.parse("PT2M")).isEqualTo(Duration.ofMinutes(2));
        assertThat(FlexibleDurationDeserializer.parse("PT0.25S")).isEqualTo(Duration.ofMillis(250));
        assertThat(Json.read(Json.write(new Holder(Duration.ofSeconds(120))), Holder.class).timeout()).isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void anythingElseIsRefusedWithTheFormsThatWork() {
        assertThatThrownBy(() -> FlexibleDurationDeserializer.parse("soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"soon\" is not a duration; write seconds (90), 500ms, 30s, 2m, 1h or PT30S");
        assertThatThrownBy(() -> FlexibleDurationDeserializer.parse("1.5e")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FlexibleDurationDeserializer.parse(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    record Holder(@JsonDeserialize(using = FlexibleDurationDeserializer.class) Duration timeout) {
    }
}
