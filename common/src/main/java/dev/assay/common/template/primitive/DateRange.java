package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.FieldType;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed date lies between {@code from} and {@code to} (YYYY-MM-DD; one may be left out for an
 * open end); both are inside unless {@code from_inclusive: false} / {@code to_inclusive: false}.
 * The ground truth is not used.
 */
public final class DateRange implements VerificationPrimitive {

    public static final String NAME = "date_range";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.DATE);
    }

    @Override
    public FieldCheck configure(Params params) {
        List<DateTimeFormatter> formats = Dates.readFormats(params);
        LocalDate from = Dates.param(params, "from");
        LocalDate to = Dates.param(params, "to");
        boolean fromInclusive = params.bool("from_inclusive", true);
        boolean toInclusive = params.bool("to_inclusive", true);
        if (!params.has("from") && !params.has("to")) {
            params.error(null, "date_range needs from or to (or both), e.g. {primitive: date_range, from: 2020-01-01, to: 2020-12-31}");
            return null;
        }
        if (params.has("from") && from == null || params.has("to") && to == null) {
            return null;
        }
        if (from != null && to != null) {
            int order = from.compareTo(to);
            if (order > 0 || order == 0 && !(fromInclusive && toInclusive)) {
                params.error(null, "the range from " + from + " to " + to + " admits no date");
                return null;
            }
        }
        String range = (from == null ? "(…" : (fromInclusive ? "[" : "(") + from) + ", " + (to == null ? "…)" : to + (toInclusive ? "]" : ")"));
        return (actual, context) -> {
            Optional<LocalDate> date = Dates.parse(actual, formats);
            if (date.isEmpty()) {
                return Dates.notADate(actual);
            }
            LocalDate day = date.get();
            boolean afterFrom = from == null || (fromInclusive ? !day.isBefore(from) : day.isAfter(from));
            boolean beforeTo = to == null || (toInclusive ? !day.isAfter(to) : day.isBefore(to));
            boolean inside = afterFrom && beforeTo;
            return Outcome.of(inside, day + (inside ? " is in " : " is outside ") + range);
        };
    }
}
