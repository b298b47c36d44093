package dev.assay.cli;

import dev.assay.common.validation.ValidationException;

/**
 * The exit codes of every command (docs/cli.md): 0 ok, 1 a threshold missed, 2 invalid input
 * (usage errors included), 3 an infrastructure failure (a service, the broker or the database could
 * not be reached or started), 4 results in error beyond {@code --max-error-rate}, 130 interrupted
 * (Ctrl-C; 128 + SIGINT as shells report it).
 */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int THRESHOLD_MISSED = 1;
    public static final int INVALID_INPUT = 2;
    public static final int INFRASTRUCTURE = 3;
    public static final int ERRORS = 4;
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }

    static int of(Throwable error) {
        if (error instanceof picocli.CommandLine.ParameterException) {
            return INVALID_INPUT; // an unknown option or a missing argument is the user's input, not the infrastructure
        }
        if (error instanceof ValidationException || error instanceof InvalidInputException
                || error instanceof dev.assay.localstack.demo.DemoRulesException
                || error instanceof dev.assay.importers.ImportException) {
            return INVALID_INPUT;
        }
        return INFRASTRUCTURE;
    }
}
