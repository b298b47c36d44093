package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Iterator;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Pattern;
import java.util.Locale;

/**
 * JSON values as LVE's Python code sees them: {@code str()} (what {@code "{x}".format(x=...)}
 * writes), {@code repr()}, truthiness and {@code float()} of a string. An instance's args go
 * through Python's {@code json} module, so a JSON whole number is an {@code int}, any other number a
 * {@code float}, {@code true} is {@code True} and {@code null} is {@code None}.
 */
final class PythonValues {

    /** The syntax {@code float()} accepts, whitespace stripped (ASCII digits; inf and nan apart). */
    private static final Pattern FLOAT_SYNTAX = Pattern.compile(
            "[+-]?(?:\\d(?:_?\\d)*(?:\\.(?:\\d(?:_?\\d)*)?)?|\\.\\d(?:_?\\d)*)(?:[eE][+-]?\\d(?:_?\\d)*)?");
    private static final Pattern SPECIAL_FLOAT = Pattern.compile("[+-]?(?i:inf|infinity|nan)");

    private PythonValues() {
    }

    /** {@code str(value)}. */
    static String str(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "None";
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        return repr(value);
    }

    /** {@code repr(value)}: strings quoted, containers as Python prints them. */
    static String repr(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "None";
        }
        if (value.isTextual()) {
            return stringRepr(value.textValue());
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? "True" : "False";
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        if (value.isNumber()) {
            return floatRepr(value.doubleValue());
        }
        StringBuilder out = new StringBuilder();
        if (value.isArray()) {
            out.append('[');
            for (int i = 0; i < value.size(); i++) {
                out.append(i == 0 ? "" : ", ").append(repr(value.get(i)));
            }
            return out.append(']').toString();
        }
        out.append('{');
        boolean first = true;
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext(); first = false) {
            Map.Entry<String, JsonNode> field = fields.next();
            out.append(first ? "" : ", ").append(stringRepr(field.getKey())).append(": ").append(repr(field.getValue()));
        }
        return out.append('}').toString();
    }

    /**
     * {@code repr(x)} of a float: the shortest digits that read back as {@code x}, in fixed notation
     * when the exponent is from -4 to 15, else as {@code 1e-05} / {@code 1.5e+16}.
     */
    static String floatRepr(double x) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == 0) {
            return (1 / x < 0) ? "-0.0" : "0.0";
        }
        String sign = x < 0 ? "-" : "";
        // Double.toString gives the shortest round-tripping digits (JDK 19+), as Python's repr does, but never fewer
        // than two: where one digit reads back too (5e-324), Python prints that one
        BigDecimal shortest = new BigDecimal(Double.toString(Math.abs(x))).stripTrailingZeros();
        BigDecimal oneDigit = new BigDecimal(Math.abs(x)).round(new MathContext(1, RoundingMode.HALF_EVEN));
        if (shortest.precision() == 2 && oneDigit.doubleValue() == Math.abs(x)) {
            shortest = oneDigit.stripTrailingZeros();
        }
        String digits = shortest.unscaledValue().toString();
        int point = digits.length() - shortest.scale(); // digits[0:point] is the integer part
        int exponent = point - 1;
        if (exponent < -4 || exponent >= 16) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            String exponentText = String.format("%02d", Math.abs(exponent));
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + exponentText;
        }
        if (point <= 0) {
            return sign + "0." + "0".repeat(-point) + digits;
        }
        if (point >= digits.length()) {
            return sign + digits + "0".repeat(point - digits.length()) + ".0";
        }
        return sign + digits.substring(0, point) + "." + digits.substring(point);
    }

    /** {@code repr(s)}: single quotes unless the text has a single quote and no double quote; non-printables escaped. */
    static String stringRepr(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder out = new StringBuilder().append(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp < 0x20 || cp == 0x7f) {
                out.append(String.format("\\x%02x", cp));
            } else if (cp < 0x7f || isPrintable(cp)) {
                out.appendCodePoint(cp);
            } else if (cp <= 0xff) {
                out.append(String.format("\\x%02x", cp));
            } else if (cp <= 0xffff) {
                out.append(String.format("\\u%04x", cp));
            } else {
                out.append(String.format("\\U%08x", cp));
            }
        });
        return out.append(quote).toString();
    }

    /** Python's {@code str.isprintable} for one character: not a control, format, separator (but space) or unassigned. */
    private static boolean isPrintable(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED,
                 Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> false;
            case Character.SPACE_SEPARATOR -> cp == ' ';
            default -> true;
        };
    }

    /** {@code bool(value)}. */
    static boolean truthy(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return false;
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isNumber()) {
            return value.doubleValue() != 0;
        }
        if (value.isTextual()) {
            return !value.textValue().isEmpty();
        }
        return !value.isEmpty();
    }

    /** {@code float(text)}, or empty where Python raises ValueError. */
    static OptionalDouble parseFloat(String text) {
        String stripped = strip(text);
        if (SPECIAL_FLOAT.matcher(stripped).matches()) {
            String lower = stripped.toLowerCase(Locale.ROOT);
            double value = lower.contains("nan") ? Double.NaN : Double.POSITIVE_INFINITY;
            return OptionalDouble.of(lower.startsWith("-") ? -value : value);
        }
        if (!FLOAT_SYNTAX.matcher(stripped).matches()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Double.parseDouble(stripped.replace("_", "")));
    }

    /** {@code float(value)} of a JSON value, or empty where Python raises. */
    static OptionalDouble toFloat(JsonNode value) {
        if (value == null) {
            return OptionalDouble.empty();
        }
        if (value.isBoolean()) {
            return OptionalDouble.of(value.booleanValue() ? 1 : 0);
        }
        if (value.isNumber()) {
            return OptionalDouble.of(value.doubleValue());
        }
        return value.isTextual() ? parseFloat(value.textValue()) : OptionalDouble.empty();
    }

    /** {@code str.strip()} without arguments: Python's white space, which includes the separators U+001C to U+001F. */
    static String strip(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(start, end);
    }

    /** Python's {@code str.isspace} for one character (all such characters are in the Basic Multilingual Plane). */
    static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
    }
}
