package dev.assay.cli;

import dev.assay.cli.report.RecordedVerdicts;
import dev.assay.cli.report.RunData;
import dev.assay.cli.stack.AotCaches;
import dev.assay.cli.stack.AotRecorder;
import dev.assay.cli.stack.LocalData;
import dev.assay.cli.stack.LocalStack;
import dev.assay.cli.stack.StackStartException;
import dev.assay.cli.stack.StackState;
import dev.assay.cli.stack.StopRequest;
import dev.assay.cli.stack.StopSignals;
import dev.assay.common.spec.ValidRun;
import dev.assay.localstack.demo.DemoModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code assay run BENCHMARK}: starts the local stack, submits the run, shows its progress, writes
 * the reports and stops the stack; or, when {@code assay up} keeps a stack running, does the same on
 * that stack and leaves it running. See docs/cli.md.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a benchmark on a local stack (broker, database and the three services, started and stopped here).",
                "When assay up keeps a stack running, the run goes to that stack, which stays up (--own-stack: start one anyway)."})
final class RunCommand implements Callable<Integer> {

    /** The run config used when --config is not given and this file sits next to the benchmark. */
    static final String DEFAULT_CONFIG_FILE = "run.yaml";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "the benchmark file (YAML or JSON)")
    Path benchmark;

    @Option(names = "--config", paramLabel = "RUN.yaml", description = "the run config (models, judges, settings)")
    Path config;

    @Option(names = "--demo-model", paramLabel = "RULES.yaml",
            description = {"the scripted demo model's rules: it answers the models with base_url: demo, and every openai model "
                    + "without a base_url whose name the file lists (default: demo-model.yaml next to the run config, "
                    + "for base_url: demo only)"})
    Path demoRules;

    @Option(names = "--out", paramLabel = "DIR", description = "where reports and service logs go (default: results/<run-id>/)")
    Path out;

    @Option(names = "--answering", paramLabel = "INTERFACE:MODEL",
            description = "an answering model, replacing the config's (repeatable), e.g. openai:gpt-4o-mini")
    List<String> answering = new ArrayList<>();

    @Option(names = "--judge", paramLabel = "INTERFACE:MODEL", description = "a judge, replacing the config's (repeatable)")
    List<String> judges = new ArrayList<>();

    @Option(names = "--open", description = "print the web viewer's address for the run and open it in a browser ($ASSAY_BROWSER, $BROWSER or xdg-open); "
            + "the viewer is served while the run runs, as the local stack stops after it")
    boolean open;

    @Option(names = "--own-stack", description = "start a local stack for this run even when assay up keeps one running "
            + "(by default the run goes to that stack, which needs no start-up and stays up)")
    boolean ownStack;

    @Option(names = "--no-cache", description = "call every model afresh and store nothing in the response cache (docs/cache.md)")
    boolean noCache;

    @Mixin
    VerdictOptions verdict = new VerdictOptions();

    /** Seams for tests; the defaults are the real thing. */
    Map<String, String> env = System.getenv();
    ReportWriter reports = ReportWriter.DEFAULT;
    Boolean terminal;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        Path configFile = config != null ? config : defaultConfig();
        if (configFile == null && answering.isEmpty()) {
            throw new InvalidInputException("no run config: give --config RUN.yaml (or put a " + DEFAULT_CONFIG_FILE
                    + " next to the benchmark), or name the models with --answering and --judge");
        }
        // every check before anything starts, the same as assay validate's
        RunPreparation.Prepared prepared = RunPreparation.prepare(benchmark, configFile, answering, judges, demoRules, env,
                RunPreparation.Target.LOCAL);
        DemoModel demoModel = null;
        try {
            ValidRun run = prepared.run();
            if (prepared.demo()) {
                // First line, before anything else: these results say nothing about any real model.
                stdout.println(prepared.demoLine());
                stdout.flush();
                demoModel = DemoModel.start(prepared.demoRules());
                run = prepared.pointedAt(demoModel.baseUrl(), benchmark, env);
            }
            if (configFile != null && config == null) {
                stdout.println("assay: using run config " + configFile);
            }
            prepared.notes().forEach(note -> stdout.println("assay: " + note));
            ValidRun submitted = run;
            RunStarter submit = api -> {
                String runId = api.submit(submitted.benchmark(), RunConfigOverrides.noCache(submitted.config(), noCache));
                stdout.println("assay: run " + runId + " submitted");
                return runId;
            };
            Optional<StackState> up = ownStack ? Optional.empty() : StackState.read(assayHome());
            if (up.isPresent()) {
                return runOnRunningStack(up.get(), submit, submitted.benchmark(), stdout);
            }
            return runOnLocalStack(submit, submitted.benchmark(), stdout);
        } finally {
            if (demoModel != null) {
                demoModel.close();
            }
        }
    }

    private Path defaultConfig() {
        return defaultConfig(benchmark);
    }

    /** {@code run.yaml} next to the benchmark, the run config when none is given; null when there is none. */
    static Path defaultConfig(Path benchmark) {
        Path candidate = benchmark.toAbsolutePath().resolveSibling(DEFAULT_CONFIG_FILE);
        return Files.isRegularFile(candidate) ? benchmark.resolveSibling(DEFAULT_CONFIG_FILE) : null;
    }

    /** What puts a run in motion on the stack once it is up: a submission, a retry, an extension. Returns the run id. */
    interface RunStarter {
        String start(RunApi api);
    }

    /**
     * Starts the local stack (its data kept as {@link LocalData} says), starts the run with
     * {@code starter}, follows it, writes the reports and stops the stack. {@code benchmark}: the
     * run's benchmark when known here (to compare recorded verdicts), else null.
     */
    int runOnLocalStack(RunStarter starter, dev.assay.common.benchmark.Benchmark benchmark, PrintWriter stdout) {
        Path home = assayHome();
        // The run id, and so the default folder, is known only once the run is submitted: logs start in a staging folder.
        Path staging = out != null ? out : Path.of("results", ".starting-" + ProcessHandle.current().pid());
        Path logs = staging.resolve("logs");
        RunData data;
        Path outDir;
        List<Path> written;
        List<Long> pids;
        Consumer<String> say = step -> say(stdout, step);
        StopRequest stop = new StopRequest(Thread.currentThread());
        Optional<AotCaches> aot = AotCaches.configured();
        LocalStack stack = LocalStack.create(home).keepingDataIn(LocalData.home(env)).usingAotCaches(aot.orElse(null));
        // Ctrl-C: the first stops waiting and writes what the run has, the second stops at once (StopSignals says why not a hook)
        StopSignals signals = StopSignals.install(signal -> {
            say(stdout, "\nassay: stopping (SIG" + signal + "): writing the results so far; press Ctrl-C again to stop at once");
            stop.signalled(signal);
        }, () -> {
            say(stdout, "\nassay: stopping at once: the results so far are not written");
            stack.kill();
            System.exit(ExitCodes.INTERRUPTED); // the broker's and PostgreSQL's shutdown hooks stop them
        }, ExitCodes.INTERRUPTED);
        try (signals; stack) { // the stack is closed first: a Ctrl-C while it stops is still handled
            try {
                stack.start(logs, LocalStack.DEFAULT_READY_TIMEOUT, step -> say.accept("assay: " + step));
            } catch (RuntimeException e) {
                if (stop.signal().isEmpty()) {
                    throw e;
                }
            }
            if (stop.signal().isPresent()) { // whether or not the interrupt cut a step short
                stop.doneWaiting(); // the stack is stopped with no interrupt pending, so it stops completely
                stack.close();
                say.accept("assay: interrupted during start-up; everything it had started is stopped");
                return ExitCodes.INTERRUPTED;
            }
            stack.onFailure(stop::failed);
            pids = stack.pids();
            RunApi api = new RunApi(stack.apiUrl()).onWait(line -> say(stdout, line));
            String runId = submitted(starter, api, stack.apiUrl(), stop, stdout);
            if (runId == null) {
                return ExitCodes.INTERRUPTED;
            }
            boolean completed;
            try (ResultFollower follower = follow(stack.apiUrl(), runId)) {
                completed = stop.signal().isEmpty()
                        && awaitCompletion(api, runId, stdout, () -> stack.awaitApiBack(LocalStack.DEFAULT_READY_TIMEOUT), stop);
                stop.doneWaiting(); // from here on a first Ctrl-C does not cut the reading and writing short
                if (!completed && !api.drainLocalService()) {
                    say(stdout, "assay: " + LocalStack.SERVICE + " did not stop its work; the reports may miss results it stores after them");
                }
                // stopped: no result is stored after this read, so the partial reports hold every stored result
                data = api.readAll(runId, follower);
            }
            outDir = out != null ? out : Path.of("results", runId);
            if (!completed) {
                return finishInterrupted(api, data, outDir, staging, stack, stdout);
            }
            // the reports first: what the user waits for is ready before the stack takes its seconds to stop
            written = reports.writeAll(outDir, data);
            InterruptedRun.clear(outDir); // an earlier interrupted run's marker no longer describes this folder
            stdout.println("assay: stopping the local stack");
            stdout.flush();
            stack.closeAfterCompletedRun(); // the run is complete and read: nothing to wait for in the service
        }
        if (out == null) {
            moveLogs(staging, outDir);
        }
        aot.ifPresent(caches -> recordMissing(home, caches, env, stdout));
        printSummary(data, benchmark, written, stdout);
        stdout.println("service logs in " + outDir.resolve("logs"));
        return verdict.apply(data, stdout);
    }

    private void printSummary(RunData data, dev.assay.common.benchmark.Benchmark benchmark, List<Path> written, PrintWriter stdout) {
        stdout.println();
        stdout.print(reports.summaryTable(data, verdict.groupBy));
        // an imported LVE repository: the point of the run is whether the recordings re-check the same
        if (benchmark != null) {
            RecordedVerdicts.compare(benchmark, data.results()).ifPresent(comparison -> stdout.print(comparison.render()));
        }
        stdout.println();
        written.forEach(path -> stdout.println("wrote " + path));
    }

    /**
     * The run on the stack {@code assay up} keeps running: submitted, followed and reported as on a
     * stack of its own, but with no start-up and nothing stopped after. The first Ctrl-C stops
     * following and writes the reports of the results so far; the run goes on in that stack.
     */
    int runOnRunningStack(StackState up, RunStarter starter, dev.assay.common.benchmark.Benchmark benchmark, PrintWriter stdout) {
        say(stdout, "assay: using the local stack of assay up at " + up.apiUrl() + " (it stays up: assay down stops it)");
        StopRequest stop = new StopRequest(Thread.currentThread());
        StopSignals signals = StopSignals.install(signal -> {
            say(stdout, "\nassay: stopping (SIG" + signal + "): writing the results so far; the run goes on in the stack of "
                    + "assay up; press Ctrl-C again to stop at once");
            stop.signalled(signal);
        }, () -> {
            say(stdout, "\nassay: stopping at once: the results so far are not written; the run goes on in the stack of assay up");
            System.exit(ExitCodes.INTERRUPTED);
        }, ExitCodes.INTERRUPTED);
        try (signals) {
            RunApi api = new RunApi(up.apiUrl()).onWait(line -> say(stdout, line));
            String runId = submitted(starter, api, up.apiUrl(), stop, stdout);
            if (runId == null) {
                return ExitCodes.INTERRUPTED;
            }
            boolean completed;
            RunData data;
            try (ResultFollower follower = follow(up.apiUrl(), runId)) {
                completed = stop.signal().isEmpty()
                        && awaitCompletion(api, runId, stdout, () -> up.awaitApiBack(LocalStack.DEFAULT_READY_TIMEOUT), stop);
                stop.doneWaiting();
                data = api.readAll(runId, follower);
            }
            Path outDir = out != null ? out : Path.of("results", runId);
            List<Path> written = new ArrayList<>(reports.writeAll(outDir, data));
            if (completed) {
                InterruptedRun.clear(outDir);
            } else {
                long expected = expectedResults(api, runId);
                written.add(InterruptedRun.of(runId, data.results().size(), expected).write(outDir));
            }
            printSummary(data, benchmark, written, stdout);
            stdout.println("service logs in " + up.logDir());
            if (!completed) {
                stdout.println("assay: stopped following after " + data.results().size() + " results; the run goes on in the stack "
                        + "of assay up: assay watch " + runId);
                stdout.flush();
                return ExitCodes.INTERRUPTED;
            }
            return verdict.apply(data, stdout);
        }
    }

    /**
     * Reads the run's results while it runs, so that once it is done only the last ones are left to
     * read. Its reads do not wait out a 503 (the next one catches up), nor say anything.
     */
    private static ResultFollower follow(String apiUrl, String runId) {
        return ResultFollower.start(new RunApi(apiUrl, Duration.ZERO), runId);
    }

    static boolean onCi(Map<String, String> env) {
        String ci = env.get("CI");
        return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false") && !ci.equals("0");
    }

    /**
     * Once a run on this build and JVM has gone through: the start-up caches it lacks are recorded
     * in the background, off this command's path (docs/development.md, "AOT caches"). Not on a CI
     * runner ({@code CI} set, as GitHub Actions, GitLab and most others set it): its machine is
     * usually thrown away after the job, so a recorder would only take CPU from the job's next steps.
     */
    static void recordMissing(Path home, AotCaches caches, Map<String, String> env, PrintWriter stdout) {
        if (onCi(env)) {
            return;
        }
        if (caches.missing(LocalStack.quarkusApp(home))) {
            AotRecorder.startDetached(home, caches).ifPresent(pid -> stdout.println("assay: recording start-up caches for the next "
                    + "commands in the background (pid " + pid + ", log: " + caches.dir().resolve(AotRecorder.LOG) + ")"));
        }
    }

    /**
     * Follows the run until it completes: true. False when a stop signal (Ctrl-C) came first. A
     * generation-service that crashed meanwhile is waited for (the supervisor restarts it) and the
     * run followed on; a stack that failed for good is an infrastructure failure.
     */
    /**
     * Puts the run in motion and, with {@code --open}, opens the viewer on it. Null when Ctrl-C came
     * before the run was submitted (said here): nothing to write.
     */
    private String submitted(RunStarter starter, RunApi api, String apiUrl, StopRequest stop, PrintWriter stdout) {
        String runId;
        try {
            runId = starter.start(api);
        } catch (RuntimeException e) {
            if (stop.signal().isPresent()) {
                stop.doneWaiting();
                say(stdout, "assay: interrupted before the run was submitted; nothing to write");
                return null;
            }
            throw e;
        }
        if (open) {
            String url = Viewer.runUrl(apiUrl, runId);
            stdout.println("assay: following the run live in the viewer at " + url);
            Viewer.open(url, env, stdout);
        }
        stdout.flush();
        return runId;
    }

    /** After a failed call to the run API: whether the service went down and is back (call again); false: the failure is the answer. */
    interface ApiBack {
        boolean await() throws InterruptedException;
    }

    private boolean awaitCompletion(RunApi api, String runId, PrintWriter stdout, ApiBack apiBack, StopRequest stop) {
        while (true) {
            try {
                RunWatcher.await(api, runId, stdout, terminal != null ? terminal : ProgressDisplay.stdoutIsTerminal());
                return true;
            } catch (RuntimeException e) {
                if (stop.signal().isPresent()) {
                    return false;
                }
                if (stop.failure().isPresent()) {
                    throw new StackStartException(stop.failure().get(), e);
                }
                try {
                    if (!apiBack.await()) {
                        throw e;
                    }
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    if (stop.signal().isPresent()) {
                        return false;
                    }
                    throw new StackStartException(stop.failure().orElse("interrupted while waiting for the run API"), e);
                }
                stdout.println("assay: following run " + runId + " on");
                stdout.flush();
            }
        }
    }

    /**
     * After Ctrl-C: the reports of the results so far and the interrupted marker, then the stack is
     * stopped (in that order, so a second Ctrl-C during the stopping loses nothing). Exit 130.
     */
    private int finishInterrupted(RunApi api, RunData data, Path outDir, Path staging, LocalStack stack, PrintWriter stdout) {
        long expected = expectedResults(api, data.runId());
        List<Path> written = new ArrayList<>(reports.writeAll(outDir, data));
        written.add(InterruptedRun.of(data.runId(), data.results().size(), expected).write(outDir));
        stdout.println();
        stdout.print(reports.summaryTable(data, verdict.groupBy));
        stdout.println();
        written.forEach(path -> stdout.println("wrote " + path));
        stdout.println("assay: interrupted after " + data.results().size() + " of " + (expected < 0 ? "?" : expected)
                + " results; stopping the local stack");
        stdout.println("assay: resume it with: assay retry " + data.runId() + " (finished results are kept"
                + (LocalData.home(env) == null ? "; not with ASSAY_LOCAL_DATA=temp, which keeps nothing" : "") + ")");
        stdout.flush();
        stack.close();
        if (out == null) {
            moveLogs(staging, outDir);
        }
        stdout.println("service logs in " + outDir.resolve("logs"));
        stdout.flush();
        return ExitCodes.INTERRUPTED;
    }

    private static long expectedResults(RunApi api, String runId) {
        try {
            return api.run(runId).path("counts").path("expected").asLong(-1);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static void say(PrintWriter stdout, String line) {
        stdout.println(line);
        stdout.flush();
    }

    static Path assayHome() {
        String home = System.getProperty("assay.home");
        if (home == null || home.isBlank()) {
            throw new IllegalStateException("assay.home is not set: run the CLI through bin/assay, which points it at the "
                    + "Assay checkout holding the packaged services");
        }
        return Path.of(home).toAbsolutePath().normalize();
    }

    /** Moves the staged service logs into the run's folder and removes the staging folder. */
    private static void moveLogs(Path staging, Path outDir) {
        try {
            Files.createDirectories(outDir);
            Path target = outDir.resolve("logs");
            if (Files.isDirectory(staging.resolve("logs")) && !Files.exists(target)) {
                Files.move(staging.resolve("logs"), target);
            }
            try (Stream<Path> left = Files.list(staging)) {
                if (left.findAny().isEmpty()) {
                    Files.delete(staging);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the service logs from " + staging + " to " + outDir + ": "
                    + e.getMessage(), e);
        }
    }
}
