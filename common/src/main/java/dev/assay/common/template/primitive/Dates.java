package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reading dates written by a judge. ISO {@code 2024-03-01} always works, as does an ISO date-time
 * (its date is taken); {@code formats} adds patterns (Java {@code DateTimeFormatter}, English month
 * names). Day-first and month-first numeric forms ({@code 01/03/2024}) are never guessed: add the
 * pattern that the benchmark means.
 */
final class Dates {

    static final List<String> DEFAULT_FORMATS = List.of("uuuu/MM/dd", "d MMMM uuuu", "MMMM d, uuuu", "d MMM uuuu", "MMM d, uuuu");

    private Dates() {
    }

    /** The extra formats of a date primitive, each checked to be a valid pattern. */
    static List<DateTimeFormatter> readFormats(Params params) {
        List<String> patterns = params.texts("formats", List.of());
        List<DateTimeFormatter> formatters = new ArrayList<>();
        for (String pattern : patterns) {
            try {
                formatters.add(formatter(pattern));
            } catch (IllegalArgumentException e) {
                params.error("formats", "invalid date pattern \"" + pattern + "\": " + e.getMessage());
            }
        }
        for (String pattern : DEFAULT_FORMATS) {
            formatters.add(formatter(pattern));
        }
        return formatters;
    }

    private static DateTimeFormatter formatter(String pattern) {
        return new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern(pattern)
                .toFormatter(Locale.ENGLISH).withResolverStyle(ResolverStyle.STRICT);
    }

    static Optional<LocalDate> parse(JsonNode value, List<DateTimeFormatter> formats) {
        if (value == null || !value.isTextual()) {
            return Optional.empty();
        }
        String text = value.asText().strip();
        Optional<LocalDate> iso = iso(text);
        if (iso.isPresent()) {
            return iso;
        }
        for (DateTimeFormatter format : formats) {
            try {
                return Optional.of(LocalDate.parse(text, format));
            } catch (DateTimeParseException e) {
                // try the next format
            }
        }
        return Optional.empty();
    }

    /** ISO date, or the date of an ISO date-time with or without an offset. */
    static Optional<LocalDate> iso(String text) {
        try {
            return Optional.of(LocalDate.parse(text));
        } catch (DateTimeParseException e) {
            // not a plain date
        }
        try {
            return Optional.of(OffsetDateTime.parse(text).toLocalDate());
        } catch (DateTimeParseException e) {
            // no offset
        }
        try {
            return Optional.of(LocalDateTime.parse(text).toLocalDate());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** A date parameter written YYYY-MM-DD, or null (reported when present but invalid). */
    static LocalDate param(Params params, String name) {
        JsonNode value = params.raw(name);
        if (value == null) {
            return null;
        }
        Optional<LocalDate> date = value.isTextual() ? iso(value.asText().strip()) : Optional.empty();
        if (date.isEmpty()) {
            params.error(name, "must be a date written YYYY-MM-DD, got " + value);
            return null;
        }
        return date.get();
    }

    static Outcome notADate(JsonNode actual) {
        return Outcome.fail("expected a date, got " + actual);
    }
}
