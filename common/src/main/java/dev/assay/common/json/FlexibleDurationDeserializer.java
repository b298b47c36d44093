package dev.assay.common.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads durations the way people write them in config files: a number of seconds ({@code 90}),
 * a number with a unit ({@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}), or ISO-8601
 * ({@code PT30S}). Written back as ISO-8601.
 */
public final class FlexibleDurationDeserializer extends StdDeserializer<Duration> {

    private static final Pattern WITH_UNIT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    public FlexibleDurationDeserializer() {
        super(Duration.class);
    }

    @Override
    public Duration deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT || parser.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
            return seconds(parser.getDecimalValue());
        }
        String text = parser.getValueAsString();
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            return (Duration) context.handleWeirdStringValue(Duration.class, text, e.getMessage());
        }
    }

    /** Parses {@code 90}, {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h} or {@code PT30S}. */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty duration");
        }
        String value = text.strip();
        // only what can be a number is tried as one: every job read threw (and filled the stack of) a
        // NumberFormatException per duration, as jobs carry them as ISO-8601 (PT2M)
        if (numeric(value)) {
            try {
                return seconds(new BigDecimal(value));
            } catch (NumberFormatException notANumber) {
                // fall through
            }
        }
        Matcher matcher = WITH_UNIT.matcher(value);
        if (matcher.matches()) {
            BigDecimal amount = new BigDecimal(matcher.group(1));
            return switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount.longValue());
                case "s" -> seconds(amount);
                case "m" -> seconds(amount.multiply(BigDecimal.valueOf(60)));
                default -> seconds(amount.multiply(BigDecimal.valueOf(3600)));
            };
        }
        try {
            return Duration.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration; write seconds (90), 500ms, 30s, 2m, 1h or PT30S");
        }
    }

    /** Whether every character may belong to a decimal number ({@link BigDecimal}'s syntax: digits, sign, point, exponent). */
    private static boolean numeric(String value) {
        for (int i = 0; i < value.length(); i++) {
            if ("0123456789+-.eE".indexOf(value.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    private static Duration seconds(BigDecimal seconds) {
        return Duration.ofMillis(seconds.multiply(BigDecimal.valueOf(1000)).longValue());
    }
}
