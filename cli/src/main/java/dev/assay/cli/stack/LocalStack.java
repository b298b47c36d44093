package dev.assay.cli.stack;

import dev.assay.common.pipeline.Topics;
import dev.assay.localstack.EmbeddedInfrastructure;
import dev.assay.localstack.ServiceProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The whole pipeline on this machine for one {@code assay run}: a single-node KRaft broker and
 * PostgreSQL inside this JVM, and the three packaged services as separate processes (prod profile,
 * 127.0.0.1, free ports) whose output goes to {@code <logDir>/<service>.log}.
 *
 * <p>A shutdown hook closes it too, so Ctrl-C leaves no service process running and no port bound.
 */
public final class LocalStack implements AutoCloseable {

    /** A few partitions per topic, so the services' consumers work in parallel as deployed. */
    static final int PARTITIONS = 3;
    static final List<String> SERVICES = List.of("generation-service", "parsing-service", "rubric-service");
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(120);

    // written by the starting thread, read by the shutdown hook (Ctrl-C during start-up)
    private final List<ServiceProcess> services = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook = new Thread(this::close, "assay-local-stack-shutdown");

    private LocalStack() {
    }

    /**
     * Starts everything, in dependency order, reporting each step to {@code status}.
     *
     * @param home    the Assay checkout whose {@code <service>/target/quarkus-app/quarkus-run.jar} are run
     * @param logDir  where the services' logs go
     * @throws StackStartException naming what failed and where its log is; what had started is stopped
     */
    public static LocalStack start(Path home, Path logDir, Duration readyTimeout, Consumer<String> status) {
        for (String service : SERVICES) {
            Path jar = jarOf(home, service);
            if (!Files.isRegularFile(jar)) {
                throw new StackStartException(jar + " is missing: build the services first (bin/assay does; or "
                        + "./mvnw package -DskipTests in " + home + ")", null);
            }
        }
        LocalStack stack = new LocalStack();
        Runtime.getRuntime().addShutdownHook(stack.shutdownHook);
        try {
            stack.startAll(home, logDir, readyTimeout, status);
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    static Path jarOf(Path home, String service) {
        return home.resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
    }

    private void startAll(Path home, Path logDir, Duration readyTimeout, Consumer<String> status) {
        status.accept("starting the Kafka broker");
        String bootstrap;
        try {
            bootstrap = EmbeddedInfrastructure.kafkaBootstrapServers();
            for (String topic : Topics.ALL) {
                EmbeddedInfrastructure.createTopic(topic, PARTITIONS);
            }
        } catch (RuntimeException e) {
            throw new StackStartException("the in-process Kafka broker could not start: " + causes(e), e);
        }
        status.accept("starting PostgreSQL");
        String jdbcUrl;
        try {
            jdbcUrl = EmbeddedInfrastructure.postgresJdbcUrl();
        } catch (RuntimeException e) {
            throw new StackStartException("embedded PostgreSQL could not start: " + causes(e), e);
        }
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new StackStartException("cannot create the log directory " + logDir + ": " + e.getMessage(), e);
        }
        Map<String, String> kafka = Map.of("kafka.bootstrap.servers", bootstrap);
        for (String service : SERVICES) {
            Map<String, String> properties = new java.util.HashMap<>(kafka);
            if (service.equals("generation-service")) {
                properties.put("quarkus.datasource.jdbc.url", jdbcUrl);
                properties.put("quarkus.datasource.username", EmbeddedInfrastructure.postgresUsername());
                properties.put("quarkus.datasource.password", EmbeddedInfrastructure.postgresPassword());
            }
            status.accept("starting " + service + " (log: " + logDir.resolve(service + ".log") + ")");
            try {
                // The services inherit this environment: API keys reach them without passing through the CLI's output.
                ServiceProcess.start(home, service, logDir, Map.of(), properties, readyTimeout, this::adopt);
            } catch (IOException | RuntimeException e) {
                throw new StackStartException(service + " did not start: " + firstLine(e.getMessage())
                        + " (log: " + logDir.resolve(service + ".log") + ")", e);
            }
        }
    }

    /** Base URL of generation-service, the run API. */
    public String apiUrl() {
        return services.getFirst().baseUrl();
    }

    /** PIDs of the service processes started, for callers that check nothing outlives the stack. */
    public List<Long> pids() {
        return services.stream().map(ServiceProcess::pid).toList();
    }

    /**
     * Takes a service process the moment it exists, before it is ready: stopping the stack during
     * start-up then stops it too. One spawned after the stack was closed is stopped at once.
     */
    private void adopt(ServiceProcess spawned) {
        services.add(spawned);
        if (closed.get()) {
            spawned.close();
        }
    }

    /** Stops the services (by PID, gracefully first), then the broker and PostgreSQL. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is already exiting; the hook (or this call) does the work
            }
        }
        for (int i = services.size() - 1; i >= 0; i--) {
            services.get(i).close();
        }
        quietly(EmbeddedInfrastructure::stopKafka);
        quietly(EmbeddedInfrastructure::stopPostgres);
    }

    private static void quietly(Runnable stop) {
        try {
            stop.run();
        } catch (RuntimeException e) {
            System.err.println("assay: while stopping the local stack: " + e.getMessage());
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static String causes(Throwable e) {
        StringBuilder text = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            text.append(": ").append(cause.getMessage());
        }
        return text.toString();
    }
}
