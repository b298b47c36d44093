package dev.assay.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One {@code assay} command run in this JVM, as the tests see it: the exit code and what it printed. */
record CliRun(int exit, String out, String err) {

    static CliRun of(String... args) {
        CommandLine cli = AssayCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    @Override
    public String toString() {
        return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
}
