package dev.assay.cli;

import dev.assay.common.validation.InvalidSpecException;
import dev.assay.common.validation.ValidationException;
import picocli.CommandLine;

/** Prints what went wrong as the user should read it (never a stack trace) and picks the exit code. */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception error, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        var err = commandLine.getErr();
        if (error instanceof InvalidSpecException invalid) {
            // file:line:column: path: message, one a line, so an editor can jump to each
            invalid.problems().forEach(err::println);
        } else if (error instanceof ValidationException invalid) {
            invalid.errors().forEach(e -> err.println(e));
        } else {
            err.println("assay: " + error.getMessage());
        }
        err.flush();
        return ExitCodes.of(error);
    }
}
