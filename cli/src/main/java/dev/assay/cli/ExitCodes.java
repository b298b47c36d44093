package dev.assay.cli;

import dev.assay.common.validation.ValidationException;

/**
 * The exit codes of every command (docs/cli.md): 0 ok, 1 a threshold missed, 2 invalid input,
 * 3 an infrastructure failure (a service, the broker or the database could not be reached or started).
 */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int THRESHOLD_MISSED = 1;
    public static final int INVALID_INPUT = 2;
    public static final int INFRASTRUCTURE = 3;

    private ExitCodes() {
    }

    static int of(Throwable error) {
        if (error instanceof ValidationException || error instanceof InvalidInputException
                || error instanceof dev.assay.localstack.demo.DemoRulesException
                || error instanceof dev.assay.importers.ImportException) {
            return INVALID_INPUT;
        }
        return INFRASTRUCTURE;
    }
}
