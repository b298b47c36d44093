package dev.assay.cli.stack;

import dev.assay.common.pipeline.Topics;
import dev.assay.localstack.EmbeddedInfrastructure;
import dev.assay.localstack.ServiceProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The whole pipeline on this machine for one {@code assay run} (or {@code assay up}): a single-node
 * KRaft broker and PostgreSQL inside this JVM, and one service process, {@code local-service}: the
 * three services' stages, run API and result store in one JVM over the same topics and store as
 * when deployed (prod profile, 127.0.0.1, a free port), its output in {@code <logDir>/local-service.log}.
 * One JVM instead of three starts in a third of the CPU time and holds a third of the memory
 * (docs/development.md, "The local stack").
 *
 * <p>Its service is supervised ({@link Supervisor}): one whose process ends while the stack runs
 * is restarted on its port, a bounded number of times; past that the stack reports a
 * {@linkplain #onFailure failure}.
 *
 * <p>A shutdown hook closes it too, so leaving the JVM any way leaves no service process running
 * and no port bound; and should this JVM end with no hook run (kill -9), the service and PostgreSQL
 * notice and end by themselves (their parent watches, docs/cli.md, "Interrupting a run").
 */
public final class LocalStack implements AutoCloseable {

    /** A few partitions per topic, so the services' consumers work in parallel as deployed. */
    static final int PARTITIONS = 3;
    /** The one service process: every stage, the run API and the result store (module local-service). */
    public static final String SERVICE = "local-service";
    static final List<String> SERVICES = List.of(SERVICE);
    /**
     * A light JVM for a stack on a workstation (measured in docs/development.md, "The local stack"): a
     * small initial heap under a fixed cap, the serial collector (no parallel GC threads on a machine
     * the run's own work needs) and only the C1 compiler, which halves the CPU time to ready. The heap
     * follows what is live (the free ratios, read by the serial collector at each full collection)
     * instead of staying at its high-water mark. The young generation is a fixed 128 MB with large
     * survivor spaces: sized by the heap (a third of a heap kept small), it was collected every 0.3 s
     * with hundreds of calls in flight, and what those calls held, alive across a collection, was
     * promoted and later collected in full (19 collections and 0.7 s of pauses in an 8 s stretch of
     * calls; docs/performance.md, session 10). The thresholds at which the JVM collects in full to unload
     * classes or compiled code are raised (metaspace 128 MB, code cache 240 MB reserved, neither
     * committed before use): at their defaults a 2,000-question run crossed both while C1 compiled its
     * code and stopped the service for 150-200 ms each time (session 11). Plus the build's AOT cache or
     * AppCDS archive.
     * {@code ASSAY_LOCAL_JVM_OPTIONS} (space-separated) replaces these, e.g. to measure a run under C2.
     */
    static final List<String> JVM_OPTIONS = List.of("-Xms192m", "-Xmn128m", "-XX:SurvivorRatio=4", "-Xmx384m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20",
            "-XX:MetaspaceSize=128m", "-XX:ReservedCodeCacheSize=240m");
    /** How long a service recording its AOT configuration may take to exit (a recorder's run only). */
    static final Duration RECORDING_STOP_GRACE = Duration.ofMinutes(3);
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(120);
    /**
     * The service's Kafka consumers: assay.jobs, each job passing the three stages and the store in one go, and
     * assay.results, for results other producers publish (its application.properties leaves the rest closed).
     */
    static final List<String> INCOMING_CHANNELS = List.of("jobs", "results");
    /** About as long as PostgreSQL may take to start on a loaded machine (its own start-up wait is 60 s). */
    static final String FLYWAY_CONNECT_RETRIES = "90";
    /**
     * The consumers' session timeout (Kafka's default is 45 s). A service killed outright leaves its
     * consumers in their groups until the session times out, and its partitions, the work it held
     * included, wait that long for the restarted service; 10 s lets the work go on sooner.
     */
    static final String SESSION_TIMEOUT_MS = "10000";
    /** How long the calls in flight of a stopping service may take to finish before they are cut off (the 2 s). */
    static final String DRAIN_TIMEOUT = "2s";

    private final Path home;
    // written by the starting thread, read by the shutdown hook (Ctrl-C during start-up)
    private final List<ServiceProcess> services = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    // set by close() and kill(): a service that exits from now on is not restarted
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final Thread shutdownHook = new Thread(this::close, "assay-local-stack-shutdown");
    private final Supplier<RestartBudget> budgets;
    private final CompletableFuture<String> failure = new CompletableFuture<>();
    private volatile Supervisor supervisor;
    /** Where PostgreSQL keeps its data between commands ({@link LocalData}); null: a temporary directory. */
    private volatile Path dataHome;
    private volatile AotCaches aot;
    /** Where the service records its AOT configuration when it exits (a recorder's run); null: it does not record. */
    private volatile Path aotRecording = AotCaches.recordingConfiguration();
    /** The AOT cache the service was started with, if any (null: none, or it was rejected). */
    private volatile Path aotCache;

    private LocalStack(Path home, Supplier<RestartBudget> budgets) {
        this.home = home;
        this.budgets = budgets;
    }

    /**
     * Starts everything, in dependency order, reporting each step to {@code status}.
     *
     * @param home    the Assay checkout whose {@code <service>/target/quarkus-app/quarkus-run.jar} are run
     * @param logDir  where the services' logs go
     * @throws StackStartException naming what failed and where its log is; what had started is stopped
     */
    public static LocalStack start(Path home, Path logDir, Duration readyTimeout, Consumer<String> status) {
        LocalStack stack = create(home);
        stack.start(logDir, readyTimeout, status);
        return stack;
    }

    /**
     * A stack not started yet, so that its owner holds it (to stop it) from the start on. Checks that
     * the services are packaged.
     */
    public static LocalStack create(Path home) {
        return create(home, RestartBudget::standard);
    }

    static LocalStack create(Path home, Supplier<RestartBudget> budgets) {
        for (String service : SERVICES) {
            Path jar = jarOf(home, service);
            if (!Files.isRegularFile(jar)) {
                throw new StackStartException(jar + " is missing: build the services first (bin/assay does; or "
                        + "./mvnw package -DskipTests in " + home + ")", null);
            }
        }
        LocalStack stack = new LocalStack(home, budgets);
        Runtime.getRuntime().addShutdownHook(stack.shutdownHook);
        return stack;
    }

    /**
     * Starts the broker, PostgreSQL and the services, then supervises the services.
     *
     * @throws StackStartException naming what failed and where its log is; what had started is stopped
     */
    public void start(Path logDir, Duration readyTimeout, Consumer<String> status) {
        try {
            startAll(home, logDir, readyTimeout, status);
        } catch (RuntimeException e) {
            // Ctrl-C during start-up interrupts this thread: stop everything with no interrupt pending, or
            // the stopping itself would be cut short (a service killed, PostgreSQL left running)
            boolean interrupted = Thread.interrupted();
            close();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            throw e;
        }
        Supervisor watching = new Supervisor(readyTimeout, status, stopping::get, this::failed, budgets);
        supervisor = watching;
        services.forEach(watching::watch);
    }

    /**
     * Before {@link #start}: PostgreSQL keeps its data in {@code home}/postgres, so runs and cached
     * answers survive this command ({@link LocalData}); null (the default) keeps nothing.
     */
    public LocalStack keepingDataIn(Path home) {
        this.dataHome = home;
        return this;
    }

    /** The folder of local-service's packaged app. */
    public static Path quarkusApp(Path home) {
        return jarOf(home, SERVICE).getParent();
    }

    static Path jarOf(Path home, String service) {
        return home.resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
    }

    /**
     * The broker, PostgreSQL and the service start side by side: the service is told the addresses
     * the broker and PostgreSQL will listen on (their ports chosen first) and waits for them itself
     * (the Kafka clients reconnect, Flyway retries its first connection), so its JVM's start-up, the
     * longest step, overlaps theirs. It is ready only once all three are.
     */
    private void startAll(Path home, Path logDir, Duration readyTimeout, Consumer<String> status) {
        String plannedBootstrap = EmbeddedInfrastructure.plannedKafkaBootstrapServers();
        String plannedJdbcUrl = EmbeddedInfrastructure.plannedPostgresJdbcUrl();
        status.accept("starting the Kafka broker, PostgreSQL and " + SERVICE + " (log: " + logDir.resolve(SERVICE + ".log") + ")");
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new StackStartException("cannot create the log directory " + logDir + ": " + e.getMessage(), e);
        }
        ServiceProcess service = spawnService(home, logDir, plannedBootstrap, plannedJdbcUrl);
        // The service's JVM is the longest step, and needs the broker and PostgreSQL only after its own
        // start-up (Flyway, the Kafka clients): it is launched first, before their start takes the CPUs.
        // The broker and PostgreSQL do not need each other: they start side by side, each on a thread
        // of its own (not the common pool, which has one thread on a two-core machine).
        CompletableFuture<String> kafka = startedOnItsOwnThread("assay-start-kafka", () -> {
            try {
                String servers = EmbeddedInfrastructure.kafkaBootstrapServers();
                for (String topic : Topics.ALL) {
                    EmbeddedInfrastructure.createTopic(topic, PARTITIONS);
                }
                return servers;
            } catch (RuntimeException e) {
                throw new StackStartException("the in-process Kafka broker could not start: " + causes(e), e);
            }
        });
        CompletableFuture<String> postgres = startedOnItsOwnThread("assay-start-postgres", () -> {
            try {
                EmbeddedInfrastructure.keepPostgresDataIn(dataHome);
                return EmbeddedInfrastructure.postgresJdbcUrl();
            } catch (RuntimeException e) {
                throw new StackStartException("embedded PostgreSQL could not start: " + causes(e), e);
            }
        });
        String bootstrap = joined(kafka);
        String jdbcUrl = joined(postgres);
        if (dataHome != null) {
            String fallback = EmbeddedInfrastructure.postgresFallbackReason();
            status.accept(fallback == null ? "PostgreSQL keeps runs and cached answers in " + EmbeddedInfrastructure.postgresKeptDataDirectory()
                    : fallback + ": this stack keeps its runs and cached answers in a temporary directory, deleted when it stops");
        }
        if (!bootstrap.equals(plannedBootstrap) || !jdbcUrl.equals(plannedJdbcUrl)) {
            // another process took a planned port meanwhile: the service was told the wrong address
            status.accept("the broker or PostgreSQL moved to another port; restarting " + SERVICE);
            services.remove(service);
            service.close();
            service = spawnService(home, logDir, bootstrap, jdbcUrl);
        }
        try {
            service.awaitReady(readyTimeout);
        } catch (IOException | RuntimeException e) {
            throw new StackStartException(SERVICE + " did not start: " + firstLine(e.getMessage())
                    + " (log: " + logDir.resolve(SERVICE + ".log") + ")", e);
        }
        Path cache = aotCache;
        if (cache != null && !AotCaches.usedOrDeleted(cache, aotLog(logDir))) {
            aotCache = null;
            status.accept("the JVM did not use " + SERVICE + "'s AOT cache " + cache + " (see " + aotLog(logDir)
                    + "); it is deleted and recorded anew after a run");
        }
    }

    /** Launches the service against these addresses, without waiting for it; the stack holds it from its first moment. */
    private ServiceProcess spawnService(Path home, Path logDir, String bootstrap, String jdbcUrl) {
        Map<String, String> properties = new HashMap<>();
        properties.put("kafka.bootstrap.servers", bootstrap);
        properties.put("kafka.session.timeout.ms", SESSION_TIMEOUT_MS);
        // Stopping (Ctrl-C, assay down): no model call starts and those in flight get 2 s (docs/cli.md, "Interrupting a run")
        properties.put("assay.shutdown.drain-timeout", DRAIN_TIMEOUT);
        // The consumers may subscribe before the topics are created (side by side): a consumer must not
        // have the broker create one with its default partition count, which creating it would then refuse.
        for (String channel : INCOMING_CHANNELS) {
            properties.put("mp.messaging.incoming." + channel + ".allow.auto.create.topics", "false");
        }
        properties.put("quarkus.datasource.jdbc.url", jdbcUrl);
        properties.put("quarkus.datasource.username", EmbeddedInfrastructure.postgresUsername());
        properties.put("quarkus.datasource.password", EmbeddedInfrastructure.postgresPassword());
        // PostgreSQL may still be starting: the migration at start-up, the service's first use of the
        // database, retries its connection (every second at most) instead of failing the start
        properties.put("quarkus.flyway.connect-retries", FLYWAY_CONNECT_RETRIES);
        properties.put("quarkus.flyway.connect-retries-interval", "1S");
        // every stage shares the response cache in the stack's PostgreSQL (docs/cache.md)
        properties.put("assay.cache.jdbc-url", jdbcUrl);
        properties.put("assay.cache.username", EmbeddedInfrastructure.postgresUsername());
        properties.put("assay.cache.password", EmbeddedInfrastructure.postgresPassword());
        // the "local" profile on top of prod: each service's own log beside the process's
        properties.put("quarkus.profile", "prod,local");
        properties.put("assay.log-dir", logDir.toAbsolutePath().toString());
        List<String> jvm = new ArrayList<>(jvmOptions(System.getenv("ASSAY_LOCAL_JVM_OPTIONS")));
        jvm.addAll(startupCache(home, logDir));
        try {
            // The service inherits this environment: API keys reach it without passing through the CLI's output.
            // Its first start on the stack's data marks the runs an earlier stack left unfinished as interrupted (it
            // is their only writer, and their jobs went with that stack's broker); a restart after a crash does not,
            // since this stack's broker still holds the jobs of its runs (docs/api.md, run status)
            Map<String, String> firstStart = Map.of("assay.runs.interrupt-unfinished-on-start", "true");
            return ServiceProcess.spawn(home, SERVICE, logDir, Map.of(), properties, firstStart, jvm, this::adopt);
        } catch (IOException | RuntimeException e) {
            throw new StackStartException(SERVICE + " did not start: " + firstLine(e.getMessage())
                    + " (log: " + logDir.resolve(SERVICE + ".log") + ")", e);
        }
    }

    /**
     * How the service's JVM starts faster: recording an AOT cache (a recorder's run, {@link AotRecorder}),
     * with the AOT cache recorded for this build and JVM ({@link AotCaches}), or else the build's AppCDS archive.
     */
    private List<String> startupCache(Path home, Path logDir) {
        Path recording = aotRecording;
        if (recording != null) {
            return List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + recording.toAbsolutePath());
        }
        Path quarkusApp = quarkusApp(home);
        if (aot != null) {
            // the key once: it walks the app's ~300 files, on the way to the service's launch
            Path cache = aot.serviceCache(quarkusApp);
            List<String> options = aot.serviceOptions(cache, aotLog(logDir));
            if (!options.isEmpty()) {
                aotCache = cache;
                return options;
            }
        }
        Path archive = appCdsArchive(home);
        return Files.isRegularFile(archive) ? List.of("-XX:SharedArchiveFile=" + archive) : List.of();
    }

    /** Where the service's JVM logs its AOT cache's lines (whether it mapped the cache). */
    static Path aotLog(Path logDir) {
        return logDir.resolve(SERVICE + "-aot.log");
    }

    /**
     * Before {@link #start}: the AOT caches to use (null, the default: none, the AppCDS archive only).
     * {@code assay run} and {@code assay up} pass {@link AotCaches#configured()}.
     */
    public LocalStack usingAotCaches(AotCaches caches) {
        this.aot = caches;
        return this;
    }

    /** Before {@link #start}: the service records what an AOT cache needs into {@code configuration} when it exits. */
    LocalStack recordingAotConfigurationTo(Path configuration) {
        this.aotRecording = configuration;
        return this;
    }

    /** The service's AOT cache this stack started it with; null when none. */
    public Path serviceAotCache() {
        return aotCache;
    }

    static List<String> jvmOptions(String override) {
        return override == null || override.isBlank() ? JVM_OPTIONS : List.of(override.strip().split("\\s+"));
    }

    static Path appCdsArchive(Path home) {
        return jarOf(home, SERVICE).resolveSibling("app-cds.jsa");
    }

    private static <T> CompletableFuture<T> startedOnItsOwnThread(String name, Supplier<T> step) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                result.complete(step.get());
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /** The step's result, its own exception rethrown as it was; waiting is cut short by an interrupt (Ctrl-C). */
    private static <T> T joined(CompletableFuture<T> step) {
        try {
            return step.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackStartException("interrupted while starting the local stack", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new StackStartException(causes(e), e);
        }
    }

    /** Base URL of the run API. */
    public String apiUrl() {
        return services.getFirst().baseUrl();
    }

    /** Where the stack's Kafka broker listens, {@code 127.0.0.1:PORT} (once started). */
    public String kafkaBootstrapServers() {
        return EmbeddedInfrastructure.kafkaBootstrapServers();
    }

    /** PIDs of the service processes running now (new ones after a restart), for callers that check nothing outlives the stack. */
    public List<Long> pids() {
        return services.stream().map(ServiceProcess::pid).toList();
    }

    /** The PID of one service's current process. */
    public long pid(String service) {
        return serviceNamed(service).pid();
    }

    /** The log file of one service. */
    public Path log(String service) {
        return serviceNamed(service).log();
    }

    private ServiceProcess serviceNamed(String service) {
        return services.stream().filter(s -> s.name().equals(service)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no service " + service + " in the local stack; it has " + SERVICES));
    }

    /**
     * Calls {@code listener} once if the stack fails: a service exited more often than its restart
     * budget allows. The message names the service, its exit code and its log. At once if it failed already.
     */
    public void onFailure(Consumer<String> listener) {
        failure.thenAccept(listener);
    }

    private void failed(String message) {
        failure.complete(message);
    }

    /** How long a failed request waits to see whether the API's process is dying (see awaitApiBack). */
    private static final Duration CRASH_GRACE = Duration.ofSeconds(3);

    /**
     * After a call to the run API failed: whether that was the service process going down, in which
     * case this waits until the supervisor has it running again (true: call again). False when the
     * service is up, so the failure is the answer.
     *
     * @throws StackStartException when it will not come back (its restarts are used up)
     */
    public boolean awaitApiBack(Duration timeout) throws InterruptedException {
        ServiceProcess api = services.getFirst();
        Supervisor watching = supervisor;
        if (watching == null || stopping.get()) {
            return false;
        }
        // A request cut off by a SIGKILL can fail before the kernel has reaped the process, so it may
        // still look alive: give it a moment to be seen dead (or restarting) before calling the error real.
        Instant grace = Instant.now().plus(CRASH_GRACE);
        while (api.isAlive() && !watching.restarting(api.name())) {
            if (Instant.now().isAfter(grace)) {
                return false;
            }
            Thread.sleep(100);
        }
        Instant deadline = Instant.now().plus(timeout);
        // the process may have died an instant ago, before the supervisor saw it: it will
        while (!api.isAlive() || watching.restarting(api.name())) {
            if (failure.isDone()) {
                throw new StackStartException(failure.getNow(""), null);
            }
            if (Instant.now().isAfter(deadline)) {
                throw new StackStartException(api.name() + " was not running again within " + timeout.toSeconds()
                        + " s (log: " + api.log() + ")", null);
            }
            Thread.sleep(200);
        }
        return true;
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
        stopping.set(true);
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
            // a service recording an AOT configuration writes it at exit (over 100 MB; seconds, more under load)
            services.get(i).close(aotRecording != null ? RECORDING_STOP_GRACE : Duration.ofSeconds(20));
        }
        // the broker and PostgreSQL stop independently of each other: side by side
        Thread postgres = Thread.ofPlatform().name("assay-stop-postgres").start(() -> quietly(EmbeddedInfrastructure::stopPostgres));
        quietly(EmbeddedInfrastructure::stopKafka);
        try {
            postgres.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // PostgreSQL's own shutdown hook stops it at exit
        }
    }

    /**
     * Stops the stack after a run that completed and was read: the service then holds nothing that is not
     * stored (every result is in PostgreSQL; the broker's topics are thrown away with it), so it is stopped
     * at once (SIGKILL) instead of gracefully, which costs about a second (its consumers closed one after
     * another, then its JVM's exit) and saves nothing. PostgreSQL still stops cleanly ({@code pg_ctl -m fast}),
     * so the kept database is as after {@link #close()}. A service recording its AOT configuration, which it
     * writes at exit, is stopped gracefully as by {@link #close()}. Idempotent, as {@link #close()}.
     */
    public void closeAfterCompletedRun() {
        if (aotRecording == null) {
            services.forEach(service -> service.note("assay: the run is complete and read: " + service.name()
                    + " is stopped at once (SIGKILL)"));
            kill();
        }
        close();
    }

    /**
     * Stops the services at once (SIGKILL), for a second Ctrl-C: the caller then exits, and the
     * broker's and PostgreSQL's own shutdown hooks stop them (PostgreSQL in well under a second).
     * Safe while {@link #close()} runs on another thread.
     */
    public void kill() {
        stopping.set(true);
        services.forEach(ServiceProcess::kill);
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
