package dev.assay.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** One {@code assay} command run in this JVM, as the tests see it: the exit code and what it printed. */
record CliRun(int exit, String out, String err) {

    static CliRun of(String... args) {
        return run(null, args);
    }

    /** The command run as if its environment were {@code env} (the commands that read one: run, validate, submit, retry, extend, up, cache clear). */
    static CliRun withEnvironment(Map<String, String> env, String... args) {
        return run(env, args);
    }

    private static CliRun run(Map<String, String> env, String... args) {
        CommandLine cli = AssayCommand.commandLine();
        if (env != null) {
            ((RunCommand) cli.getSubcommands().get("run").getCommand()).env = env;
            ((ValidateCommand) cli.getSubcommands().get("validate").getCommand()).env = env;
            ((SubmitCommand) cli.getSubcommands().get("submit").getCommand()).env = env;
            ((RequeueCommand) cli.getSubcommands().get("retry").getCommand()).env = env;
            ((RequeueCommand) cli.getSubcommands().get("extend").getCommand()).env = env;
            ((UpCommand) cli.getSubcommands().get("up").getCommand()).env = env;
            ((CacheCommand.Clear) cli.getSubcommands().get("cache").getSubcommands().get("clear").getCommand()).env = env;
        }
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
