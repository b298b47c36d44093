package dev.assay.cli;

import dev.assay.cli.stack.AotCaches;
import dev.assay.cli.stack.LocalData;
import dev.assay.cli.stack.StackDaemon;
import dev.assay.cli.stack.StackStartException;
import dev.assay.cli.stack.StackState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Callable;

/** {@code assay up}: starts the local stack in the background and keeps it between runs; {@code assay down} stops it. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = "Start the local stack in the background (broker, database, the three services) and keep it running.")
final class UpCommand implements Callable<Integer> {

    static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    @Spec
    CommandSpec spec;

    @Option(names = "--open", description = "open the web viewer in a browser ($ASSAY_BROWSER, $BROWSER or xdg-open) once the stack is up")
    boolean open;

    /** A seam for tests: the environment --open reads the browser from. */
    Map<String, String> env = System.getenv();

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Path home = RunCommand.assayHome();
        Optional<StackState> running = StackState.read(home);
        if (running.isPresent()) {
            out.println("the local stack is already up at " + running.get().apiUrl() + " (pid " + running.get().pid() + ")");
            viewer(running.get().apiUrl(), out);
            out.flush();
            return ExitCodes.OK;
        }
        Path folder = StackState.folder(home);
        Files.createDirectories(folder);
        Path log = folder.resolve("stack.log");
        String java = ProcessHandle.current().info().command().orElse("java");
        // it holds the broker: light, as bin/assay starts the CLI (serial collector, small initial heap
        // that follows what is live, C1 only)
        List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xms32m", "-XX:MinHeapFreeRatio=10",
                "-XX:MaxHeapFreeRatio=20", "-XX:TieredStopAtLevel=1", "-Dassay.home=" + home));
        Optional<AotCaches> aot = AotCaches.configured();
        aot.ifPresent(caches -> command.addAll(caches.daemonOptions()));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StackDaemon.class.getName(), home.toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // where the stack keeps its data, as this command's environment says (LocalData)
        String data = env.get(LocalData.VARIABLE);
        if (data != null) {
            builder.environment().put(LocalData.VARIABLE, data);
        }
        Process daemon = builder.start();
        out.println("assay: starting the local stack in the background (log: " + log + ")");
        out.flush();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            Optional<StackState> state = StackState.read(home);
            if (state.isPresent()) {
                out.println("the local stack is up at " + state.get().apiUrl() + "; stop it with assay down");
                viewer(state.get().apiUrl(), out);
                aot.ifPresent(caches -> RunCommand.recordMissing(home, caches, env, out));
                out.flush();
                return ExitCodes.OK;
            }
            if (!daemon.isAlive()) {
                throw new StackStartException("the local stack did not start (exit " + daemon.exitValue() + "); see " + log, null);
            }
            daemon.waitFor(300, TimeUnit.MILLISECONDS); // wakes at once if the daemon exits
        }
        daemon.destroy();
        throw new StackStartException("the local stack was not up after " + START_TIMEOUT.toSeconds() + " s; see " + log, null);
    }

    private void viewer(String apiUrl, PrintWriter out) {
        String url = Viewer.url(apiUrl);
        out.println("the web viewer is at " + url);
        if (open) {
            Viewer.open(url, env, out);
        }
    }
}
