package dev.assay.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One packaged service ({@code target/quarkus-app/quarkus-run.jar}) running as its own process, as
 * in production: prod profile, configuration through environment variables and system properties,
 * its output in {@code <logDir>/<module>.log}. Stopped by its PID, gracefully first. Unlike a
 * deployment, it logs plain text and exports no traces unless {@code ASSAY_LOG_JSON} /
 * {@code ASSAY_TRACING_DISABLED} say otherwise (docs/deploy.md, Observability).
 *
 * <p>{@code assay run}'s local stack starts the services with it, and so do the end-to-end tests,
 * so both start them the same way.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final int port;
    private final Process process;
    private final Path log;

    private ServiceProcess(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
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
                                       java.util.function.Consumer<ServiceProcess> onSpawn) throws IOException {
        Path jar = projectRoot.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: package the services first (./mvnw package -DskipTests)");
        }
        int port = LoopbackPorts.free();
        Files.createDirectories(logDir);
        Path log = logDir.resolve(module + ".log");

        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx384m");
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(jar.toString());

        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        // A stack on this machine is read by people and has no trace collector: plain-text logs and no
        // trace export, unless the caller's env (or the inherited environment) asks otherwise.
        builder.environment().putIfAbsent("ASSAY_LOG_JSON", "false");
        builder.environment().putIfAbsent("ASSAY_TRACING_DISABLED", "true");
        ServiceProcess service = new ServiceProcess(module, port, builder.start(), log);
        onSpawn.accept(service);
        try {
            service.awaitReady(readyTimeout);
        } catch (RuntimeException | IOException e) {
            service.close();
            throw e;
        }
        return service;
    }

    public String name() {
        return name;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public Path log() {
        return log;
    }

    public long pid() {
        return process.pid();
    }

    private void awaitReady(Duration timeout) throws IOException {
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
                process.waitFor(250, TimeUnit.MILLISECONDS);
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

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy(); // SIGTERM: Quarkus shuts down gracefully
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
