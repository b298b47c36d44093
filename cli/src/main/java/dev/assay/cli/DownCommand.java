package dev.assay.cli;

import dev.assay.cli.stack.StackState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** {@code assay down}: stops the local stack {@code assay up} started (services, broker, database). */
@Command(name = "down", mixinStandardHelpOptions = true, description = "Stop the local stack started by assay up.")
final class DownCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Optional<StackState> state = StackState.read(RunCommand.assayHome());
        if (state.isEmpty()) {
            out.println("no local stack is running");
            out.flush();
            return ExitCodes.OK;
        }
        ProcessHandle daemon = ProcessHandle.of(state.get().pid()).orElseThrow();
        // SIGTERM: the daemon's shutdown hook stops the services by PID, then the broker and PostgreSQL
        daemon.destroy();
        try {
            daemon.onExit().get(90, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            daemon.destroyForcibly();
            throw new IllegalStateException("the local stack (pid " + daemon.pid() + ") did not stop within 90 s; killed it");
        }
        out.println("the local stack is down");
        out.flush();
        return ExitCodes.OK;
    }
}
