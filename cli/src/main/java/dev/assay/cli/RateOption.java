package dev.assay.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A share between 0 and 1, checked while the command line is read, so a wrong
 * {@code --min-pass-rate} or {@code --max-error-rate} is invalid input (exit 2) before anything starts.
 */
final class RateOption implements ITypeConverter<Double> {

    static final String MIN_PASS_RATE = "exit 1 when an answering model's template pass rate (per judge) is below X (0..1); "
            + "a model × judge with no template verdict misses it too";
    static final String MAX_ERROR_RATE = "the share of results in error (per answering model × judge, 0..1) allowed before "
            + "exit 4; default 0: any error fails the run";

    @Override
    public Double convert(String value) {
        double rate;
        try {
            rate = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("must be a number between 0 and 1, got \"" + value + "\"");
        }
        if (!(rate >= 0 && rate <= 1)) {
            throw new TypeConversionException("must be between 0 and 1, got " + value);
        }
        return rate;
    }
}
