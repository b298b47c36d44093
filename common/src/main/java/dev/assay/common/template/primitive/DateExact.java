package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The parsed date is the ground truth's day, however it is written (see {@link Dates} for the formats read). */
public final class DateExact implements VerificationPrimitive {

    public static final String NAME = "date_exact";

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
        JsonNode truth = params.groundTruth();
        Optional<LocalDate> expected = truth == null ? Optional.empty() : Dates.parse(truth, List.of());
        if (expected.isEmpty()) {
            return null;
        }
        return (actual, context) -> {
            Optional<LocalDate> date = Dates.parse(actual, formats);
            if (date.isEmpty()) {
                return Dates.notADate(actual);
            }
            boolean equal = date.get().equals(expected.get());
            return Outcome.of(equal, equal ? "the same day" : "expected " + expected.get() + ", got " + date.get());
        };
    }
}
