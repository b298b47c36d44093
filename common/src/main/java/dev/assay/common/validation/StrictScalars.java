package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.math.BigDecimal;

/**
 * Where Jackson would silently reshape a scalar of a user's document, a problem instead: a number
 * or true/false where text is required ({@code interface: 3}), a fractional number where an integer
 * is ({@code replicates: 1.5} would be 1). Jackson's own coercion settings refuse these by throwing,
 * which ends the read at the first; these go through the problem handler, so the reader lists
 * every problem at once (and throws like Jackson's when it has no handler).
 */
final class StrictScalars {

    private StrictScalars() {
    }

    static SimpleModule module() {
        SimpleModule module = new SimpleModule("assay-strict-scalars");
        module.addDeserializer(String.class, new Text());
        module.addDeserializer(Integer.class, new Whole<>(Integer.class, false));
        module.addDeserializer(Integer.TYPE, new Whole<>(Integer.TYPE, true));
        module.addDeserializer(Long.class, new Whole<>(Long.class, false));
        module.addDeserializer(Long.TYPE, new Whole<>(Long.TYPE, true));
        return module;
    }

    /** Text only from text: a number or true/false is the problem handler's "expected text". */
    private static final class Text extends StdScalarDeserializer<String> {

        Text() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT
                    || token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
                return (String) context.handleUnexpectedToken(String.class, parser);
            }
            return StringDeserializer.instance.deserialize(parser, context);
        }
    }

    /** An integer from a number with a fraction ({@code 1.5}) is the problem handler's "is not an integer"; {@code 2.0} is 2. */
    private static final class Whole<T> extends StdScalarDeserializer<T> {

        private final boolean primitive;
        private final JsonDeserializer<?> standard;

        Whole(Class<T> type, boolean primitive) {
            super(type);
            this.primitive = primitive;
            this.standard = NumberDeserializers.find(type, type.getName());
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NUMBER_FLOAT && hasFraction(parser.getDecimalValue())) {
                Object handled = context.handleWeirdNumberValue(handledType(), parser.getNumberValue(),
                        "a fractional number where an integer is required");
                return (T) (handled == null && primitive ? standard.getNullValue(context) : handled);
            }
            return (T) standard.deserialize(parser, context);
        }

        private static boolean hasFraction(BigDecimal value) {
            return value.signum() != 0 && value.stripTrailingZeros().scale() > 0;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T getNullValue(DeserializationContext context) throws JsonMappingException {
            return (T) standard.getNullValue(context);
        }
    }
}
