package dev.assay.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code assay}: the top command. Subcommands do the work; exit codes are documented in
 * docs/cli.md and {@link ExitCodes}.
 */
@Command(name = "assay", mixinStandardHelpOptions = true, versionProvider = AssayCommand.Version.class,
        description = "Evaluate how well language models answer your questions.",
        subcommands = {RunCommand.class, RetryCommand.class, ExtendCommand.class, ValidateCommand.class, ImportCommand.class, RenderCommand.class, UpCommand.class, DownCommand.class, ReportCommand.class,
                SubmitCommand.class, StatusCommand.class, WatchCommand.class, ResultsCommand.class, DlqCommand.class, CacheCommand.class, CommandLine.HelpCommand.class})
public final class AssayCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * The local stack's own start-up notes (ports, times) go to java.util.logging at INFO; the command
     * prints its own progress lines, so only warnings get through. Held here: JUL keeps loggers weakly.
     */
    private static final java.util.logging.Logger LOCAL_STACK_LOG = java.util.logging.Logger.getLogger("dev.assay.localstack");

    public static void main(String[] args) {
        LOCAL_STACK_LOG.setLevel(java.util.logging.Level.WARNING);
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, also what the tests drive. */
    public static CommandLine commandLine() {
        return new CommandLine(new AssayCommand())
                .setExecutionExceptionHandler(new ErrorHandler())
                .setExitCodeExceptionMapper(ExitCodes::of);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The version from the jar's manifest (set at build time). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = AssayCommand.class.getPackage().getImplementationVersion();
            return new String[]{"assay " + (version == null ? "(development build)" : version)};
        }
    }
}
