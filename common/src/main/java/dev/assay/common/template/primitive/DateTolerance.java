package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The parsed date is at most {@code days} days before or after the ground truth (the boundary is inside). */
public final class DateTolerance implements VerificationPrimitive {

    public static final String NAME = "date_tolerance";

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
        BigDecimal days = params.nonNegative("days");
        if (!params.has("days")) {
            params.error("days", "is required: how many days before or after the ground truth still pass");
        } else if (days != null && days.stripTrailingZeros().scale() > 0) {
            params.error("days", "must be a whole number of days, got " + days.toPlainString());
            days = null;
        }
        JsonNode truth = params.groundTruth();
        Optional<LocalDate> expected = truth == null ? Optional.empty() : Dates.parse(truth, List.of());
        if (days == null || expected.isEmpty()) {
            return null;
        }
        long allowed = days.longValueExact();
        return (actual, context) -> {
            Optional<LocalDate> date = Dates.parse(actual, formats);
            if (date.isEmpty()) {
                return Dates.notADate(actual);
            }
            long apart = Math.abs(ChronoUnit.DAYS.between(expected.get(), date.get()));
            boolean within = apart <= allowed;
            return Outcome.of(within, date.get() + " is " + apart + " day" + (apart == 1 ? "" : "s") + " from " + expected.get()
                    + (within ? ", within " : ", more than ") + allowed);
        };
    }
}
