package dev.assay.cli;

import dev.assay.cli.report.Grouping;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;

/** {@code --group-by model|tag}, read while the command line is, so a wrong value is invalid input (exit 2). */
final class GroupByOption implements ITypeConverter<Grouping> {

    static final String DESCRIPTION = "the summary table's rows: model (per answering model × judge, the default) or tag "
            + "(per question tag, e.g. an LVE import's severity:high, then model × judge; a question counts under each of its tags)";

    @Override
    public Grouping convert(String value) {
        try {
            return Grouping.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("must be model or tag, got \"" + value + "\"");
        }
    }
}
