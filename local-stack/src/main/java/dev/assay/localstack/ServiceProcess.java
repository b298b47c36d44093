package dev.assay.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One packaged service ({@code target/quarkus-app/quarkus-run.jar}) running as its own process, as
 * in production: prod profile, configuration through environment variables and system properties,
 * its output in {@code <logDir>/<module>.log}. Stopped by its PID, gracefully first. Unlike a
 * deployment, it logs plain text and exports no traces unless {@code ASSAY_LOG_JSON} /
 * {@code ASSAY_TRACING_DISABLED} say otherwise (docs/deploy.md, Observability).
 *
 * <p>It can be {@linkplain #restart restarted} after its process died: same command, so same port
 * and configuration, its output appended to the same log. The local stack's supervisor does that.
 *
 * <p>It ends with the process that started it, whatever ends that one: its standard input is a pipe
 * from this process, whose end the service watches (local-service's {@code ParentWatch}).
 *
 * <p>{@code assay run}'s local stack starts the services with it, and so do the end-to-end tests,
 * so both start them the same way.
 */
public final class ServiceProcess implements AutoCloseable {

    /** A heap cap per service, as each of several services on one machine needs. */
    public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xmx384m");

    /** How long a stopped service may take to exit before it is killed. */
    static final Duration STOP_GRACE = Duration.ofSeconds(20);
    // HTTP/1.1: a readiness check is one small request, with no use for the upgrade to HTTP/2 that costs the starting service more
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    /**
     * How often readiness is asked for while the service starts. A refused connection costs next to nothing, and
     * the run waits for the answer: every 20 ms, so readiness is seen about 10 ms after it comes, not 50.
     */
    private static final long READY_POLL_MS = 20;

    private final String name;
    private final int port;
    private final List<String> command;
    // the app's own folder: a class data archive the build wrote names its jars relative to it
    private final Path directory;
    private final Map<String, String> env;
    private final Path log;
    // replaced by restart(); close() and restart() agree under this lock, so no process is spawned after close
    private final Object lock = new Object();
    private volatile Process process;
    private boolean closed;

    private ServiceProcess(String name, int port, List<String> command, Path directory, Map<String, String> env, Path log) {
        this.name = name;
        this.port = port;
        this.command = List.copyOf(command);
        this.directory = directory;
        this.env = Map.copyOf(env);
        this.log = log;
    }

    /** Starts {@code module}'s packaged app on a free port and waits until it reports ready. */
    public static ServiceProcess start(Path projectRoot, String module, Path logDir, Map<String, String> env,
                                       Map<String, String> properties, Duration readyTimeout) throws IOException {
        return start(projectRoot, module, logDir, env, properties, readyTimeout, spawned -> { });
    }

    /**
     * As above; {@code onSpawn} gets the process as soon as it exists, before it is ready, so an
     * owner stopping in the meantime (Ctrl-C during start-up) can stop it too instead of orphaning it.
     */
    public static ServiceProcess start(Path projectRoot, String module, Path logDir, Map<String, String> env,
                                       Map<String, String> properties, Duration readyTimeout,
                                       Consumer<ServiceProcess> onSpawn) throws IOException {
        return start(projectRoot, module, logDir, env, properties, DEFAULT_JVM_OPTIONS, readyTimeout, onSpawn);
    }

    /** As above, with the JVM's own options (heap, collector, class data archive) instead of {@link #DEFAULT_JVM_OPTIONS}. */
    public static ServiceProcess start(Path projectRoot, String module, Path logDir, Map<String, String> env,
                                       Map<String, String> properties, List<String> jvmOptions, Duration readyTimeout,
                                       Consumer<ServiceProcess> onSpawn) throws IOException {
        ServiceProcess service = spawn(projectRoot, module, logDir, env, properties, jvmOptions, onSpawn);
        service.awaitReady(readyTimeout);
        return service;
    }

    /**
     * Starts {@code module}'s packaged app on a free port without waiting for it: what it needs (a
     * broker, a database) may still be starting, side by side. {@link #awaitReady(Duration)} waits.
     */
    public static ServiceProcess spawn(Path projectRoot, String module, Path logDir, Map<String, String> env,
                                       Map<String, String> properties, List<String> jvmOptions,
                                       Consumer<ServiceProcess> onSpawn) throws IOException {
        return spawn(projectRoot, module, logDir, env, properties, Map.of(), jvmOptions, onSpawn);
    }

    /**
     * As above; {@code firstStartProperties} are given to the first process only, not to one {@linkplain #restart
     * restarted} after it (e.g. what a service does once when a stack opens its data, not after a crash in it).
     */
    public static ServiceProcess spawn(Path projectRoot, String module, Path logDir, Map<String, String> env,
                                       Map<String, String> properties, Map<String, String> firstStartProperties,
                                       List<String> jvmOptions, Consumer<ServiceProcess> onSpawn) throws IOException {
        Path jar = projectRoot.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: package the services first (./mvnw package -DskipTests)");
        }
        int port = LoopbackPorts.free();
        Files.createDirectories(logDir);
        Path log = logDir.resolve(module + ".log");
        Files.write(log, new byte[0]); // a fresh log; restarts append to it

        List<String> command = new ArrayList<>(ignoringInterrupt());
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        // names the process for ps and its readers: the jar is run by its bare name from its folder
        command.add("-Dassay.service=" + module);
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        // the service ends when its standard input, a pipe from this process, ends: when this process ends, however
        // (kill -9 included), so no service outlives its owner (local-service's ParentWatch; docs/cli.md)
        command.add("-Dassay.parent-watch.enabled=true");
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(jar.getFileName().toString());

        ServiceProcess service = new ServiceProcess(module, port, command, jar.getParent(), env, log);
        List<String> first = new ArrayList<>(command);
        firstStartProperties.forEach((key, value) -> first.add(first.size() - 2, "-D" + key + "=" + value)); // before -jar
        synchronized (service.lock) {
            service.process = service.spawn(first);
        }
        onSpawn.accept(service);
        return service;
    }

    /**
     * Waits until the service reports ready ({@code /q/health/ready}); a service that is not ready in
     * time, or whose process ends, is stopped and the failure thrown, naming its log.
     */
    public void awaitReady(Duration readyTimeout) throws IOException {
        try {
            awaitReady(process, readyTimeout);
        } catch (RuntimeException | IOException e) {
            close();
            throw e;
        }
    }

    /**
     * The prefix that starts the service with SIGINT ignored. Ctrl-C in a terminal sends SIGINT to the
     * whole foreground process group, so without it the services would stop at once with their
     * owner, which then could not read what they hold (the results so far). An ignored signal stays
     * ignored across exec, and the JVM keeps an ignored SIGINT ignored (as under nohup); SIGTERM,
     * which {@link #close()} sends, still stops the service gracefully. No {@code /bin/sh} (Windows):
     * started directly.
     */
    private static List<String> ignoringInterrupt() {
        if (!Files.isExecutable(Path.of("/bin/sh"))) {
            return List.of();
        }
        return List.of("/bin/sh", "-c", "trap '' INT; exec \"$0\" \"$@\"");
    }

    private Process spawn(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(directory.toFile())
                // a pipe whose write end only this process holds (the Process object keeps it open): see spawn(...)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        // A stack on this machine is read by people and has no trace collector: plain-text logs and no
        // trace export, unless the caller's env (or the inherited environment) asks otherwise.
        builder.environment().putIfAbsent("ASSAY_LOG_JSON", "false");
        builder.environment().putIfAbsent("ASSAY_TRACING_DISABLED", "true");
        return builder.start();
    }

    /**
     * Starts the service again with the same command (port, properties, environment) after its
     * process ended, and waits until it is ready. Does nothing once the service is closed.
     *
     * @throws IllegalStateException if the process is still running, or did not become ready (the
     *                               attempt is then stopped, so the service can be restarted again)
     */
    public void restart(Duration readyTimeout) throws IOException {
        Process restarted;
        synchronized (lock) {
            if (closed) {
                return;
            }
            if (process.isAlive()) {
                throw new IllegalStateException(name + " is still running (pid " + process.pid() + ")");
            }
            restarted = spawn(command);
            process = restarted;
        }
        try {
            awaitReady(restarted, readyTimeout);
        } catch (RuntimeException | IOException e) {
            try {
                restarted.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw e;
        }
    }

    /**
     * Waits until the current process ends and returns its exit code (137 for kill -9: 128 + signal).
     * A blocking call, for a thread of the caller's own: {@code Process.onExit()} completes on the
     * common fork-join pool, which on a two-core machine has one thread, and any task blocking it
     * would hide a crash.
     */
    public int awaitExit() throws InterruptedException {
        return process.waitFor();
    }

    /** The exit code of the current process, or -1 while it runs. */
    public int exitCode() {
        Process current = process;
        return current.isAlive() ? -1 : current.exitValue();
    }

    /** Appends one line to the service's log, between its process's output (e.g. why it was restarted). */
    public void note(String line) {
        try {
            Files.writeString(log, line + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.APPEND,
                    StandardOpenOption.CREATE);
        } catch (IOException e) {
            // the note is for people reading the log; the supervisor says it on the console too
        }
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public Path log() {
        return log;
    }

    /** The PID of the current process (a new one after a restart). */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    private void awaitReady(Process process, Duration timeout) throws IOException {
        Instant deadline = Instant.now().plus(timeout);
        URI ready = URI.create(baseUrl() + "/q/health/ready");
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + " while starting; see " + log
                        + "\n" + tail());
            }
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name);
            }
            try {
                process.waitFor(READY_POLL_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name);
            }
        }
        throw new IllegalStateException(name + " was not ready within " + timeout + "; see " + log + "\n" + tail());
    }

    /** The last lines of the log, for failure messages. */
    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Stops the process (SIGTERM, then SIGKILL after 20 s); no restart after this. */
    @Override
    public void close() {
        close(STOP_GRACE);
    }

    /**
     * Stops the process (SIGTERM, then SIGKILL after {@code grace}); no restart after this. A JVM
     * recording an AOT configuration writes it at exit, which takes longer than a plain stop.
     */
    public void close(Duration grace) {
        Process current;
        synchronized (lock) {
            closed = true;
            current = process;
        }
        if (current == null || !current.isAlive()) {
            return;
        }
        current.destroy(); // SIGTERM: Quarkus shuts down gracefully
        try {
            if (!current.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                current.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            current.destroyForcibly();
        }
    }

    /**
     * Kills the current process (SIGKILL) without closing the service, so that it can be {@linkplain #restart
     * restarted}: for a supervisor ending a process that runs but no longer works (its liveness is down).
     */
    public void killCurrentProcess() {
        Process current = process;
        try {
            current.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The service's liveness ({@code /q/health/live}) now: true when it answers 200, false when it answers
     * anything else (503: DOWN), empty when it does not answer within {@code timeout} (starting, busy, gone).
     */
    public java.util.Optional<Boolean> live(Duration timeout) {
        try {
            HttpResponse<Void> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/live"))
                    .timeout(timeout).build(), HttpResponse.BodyHandlers.discarding());
            return java.util.Optional.of(response.statusCode() == 200);
        } catch (IOException e) {
            return java.util.Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.Optional.empty();
        }
    }

    /** Stops the process at once (SIGKILL) and waits a few seconds for it to go; no restart after this. */
    public void kill() {
        Process current;
        synchronized (lock) {
            closed = true;
            current = process;
        }
        if (current == null) {
            return;
        }
        try {
            current.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
