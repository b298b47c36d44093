package dev.assay.it;

import dev.assay.common.pipeline.Topics;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.localstack.ServiceProcess;
import dev.assay.localstack.stub.StubLlmServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The whole pipeline on this machine: one real KRaft broker and embedded PostgreSQL in the test
 * JVM, the stub LLM server, and the three packaged services as separate processes wired to them.
 */
final class PipelineStack implements AutoCloseable {

    /** The environment variable the run configs name with {@code api_key_env}; services resolve it themselves. */
    static final String KEY_ENV = "ASSAY_E2E_LLM_KEY";
    static final String KEY_VALUE = "sk-e2e-secret-value-42";
    /** Four: two parsing-service instances split them evenly (ParsingScalingTest). */
    static final int PARTITIONS = 4;

    private final StubLlmServer stub;
    private final List<ServiceProcess> services = new ArrayList<>();
    private ServiceProcess generation;
    /** What the first parsing-service was started with, for more instances of it. */
    private Map<String, String> serviceEnv = Map.of();
    private Map<String, String> kafkaProperties = Map.of();
    private Path logs;

    private PipelineStack(StubLlmServer stub) {
        this.stub = stub;
    }

    static PipelineStack start() throws IOException {
        return start(Map.of());
    }

    /** As {@link #start()}, with the response cache on, in the test's PostgreSQL (docs/cache.md). */
    static PipelineStack startWithCache() throws IOException {
        return start(Map.of(
                "ASSAY_CACHE_JDBC_URL", PostgresResource.jdbcUrl(),
                "ASSAY_CACHE_USERNAME", PostgresResource.username(),
                "ASSAY_CACHE_PASSWORD", PostgresResource.password()));
    }

    /** As {@link #start()}, with {@code extraEnv} added to every service's environment. */
    static PipelineStack start(Map<String, String> extraEnv) throws IOException {
        return start(extraEnv, KafkaBrokerResource.bootstrapServers());
    }

    /**
     * As {@link #start(Map)}, the services reaching the shared broker at {@code bootstrap} (a proxy in front of
     * it: FaultEndToEndTest); the topics are made on the broker itself.
     */
    static PipelineStack start(Map<String, String> extraEnv, String bootstrap) throws IOException {
        for (String topic : Topics.ALL) {
            KafkaBrokerResource.createTopic(topic, PARTITIONS);
        }
        PipelineStack stack = new PipelineStack(StubLlmServer.start());
        try {
            Path root = projectRoot();
            Path logs = logsRoot(root);
            Map<String, String> env = merge(Map.of(KEY_ENV, KEY_VALUE), extraEnv);
            Map<String, String> kafka = Map.of("kafka.bootstrap.servers", bootstrap);
            Duration ready = Duration.ofSeconds(90);
            Map<String, String> withStore = merge(kafka, Map.of(
                    "quarkus.datasource.jdbc.url", PostgresResource.jdbcUrl(),
                    "quarkus.datasource.username", PostgresResource.username(),
                    "quarkus.datasource.password", PostgresResource.password()));
            stack.serviceEnv = env;
            stack.kafkaProperties = kafka;
            stack.logs = logs;
            // side by side: each JVM spends much of its start waiting (class loading from disk,
            // joining the broker), so three at once are ready well before three in a row
            List<CompletableFuture<ServiceProcess>> starting = List.of(
                    startAsync(() -> ServiceProcess.start(root, "generation-service", logs, env, withStore, ready)),
                    startAsync(() -> ServiceProcess.start(root, "parsing-service", logs, env, kafka, ready)),
                    startAsync(() -> ServiceProcess.start(root, "rubric-service", logs, env, kafka, ready)));
            RuntimeException failed = null;
            for (CompletableFuture<ServiceProcess> service : starting) {
                try {
                    stack.add(service.join());
                } catch (CompletionException e) {
                    failed = failed == null ? unwrap(e) : failed;
                }
            }
            if (failed != null) {
                throw failed;
            }
            stack.generation = stack.services.get(0);
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    StubLlmServer stub() {
        return stub;
    }

    /** Base URL of generation-service's REST API. */
    String apiUrl() {
        return generation.baseUrl();
    }

    /** The last lines of every service's log, for failure messages. */
    String logTails() {
        StringBuilder logs = new StringBuilder();
        services.forEach(service -> logs.append("\n--- ").append(service.log()).append('\n').append(service.tail()));
        return logs.toString();
    }

    /** One more parsing-service instance, as the first was started (its log in parsing-{@code n}/). */
    ServiceProcess startParsingInstance(int n) throws IOException {
        return add(ServiceProcess.start(projectRoot(), "parsing-service", logs.resolve("parsing-" + n), serviceEnv, kafkaProperties,
                Duration.ofSeconds(90)));
    }

    /** Stops one service (gracefully) and forgets it. */
    void stop(ServiceProcess service) {
        service.close();
        services.remove(service);
    }

    List<ServiceProcess> services() {
        return List.copyOf(services);
    }

    private ServiceProcess add(ServiceProcess service) {
        services.add(service);
        return service;
    }

    private interface Start {
        ServiceProcess start() throws IOException;
    }

    private static CompletableFuture<ServiceProcess> startAsync(Start start) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return start.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, task -> Thread.ofPlatform().daemon().name("start-service").start(task)); // not the common pool: one thread on two cores
    }

    private static RuntimeException unwrap(CompletionException e) {
        return e.getCause() instanceof RuntimeException cause ? cause : e;
    }

    private static Map<String, String> merge(Map<String, String> a, Map<String, String> b) {
        Map<String, String> merged = new java.util.HashMap<>(a);
        merged.putAll(b);
        return merged;
    }

    /**
     * Where the services' logs go: {@code integration-tests/target/e2e-logs}, one folder further per
     * test JVM when the classes run in several side by side (surefire's forkCount).
     */
    private static Path logsRoot(Path root) {
        Path logs = root.resolve("integration-tests/target/e2e-logs");
        String fork = System.getProperty("assay.test.fork", "");
        return fork.isBlank() ? logs : logs.resolve("fork-" + fork);
    }

    static Path projectRoot() {
        String configured = System.getProperty("assay.project.root");
        Path root = configured != null ? Path.of(configured) : Path.of(System.getProperty("user.dir")).getParent();
        return root.toAbsolutePath().normalize();
    }

    @Override
    public void close() {
        for (int i = services.size() - 1; i >= 0; i--) {
            services.get(i).close();
        }
        stub.close();
    }
}
