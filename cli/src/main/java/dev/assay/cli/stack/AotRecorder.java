package dev.assay.cli.stack;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Records the AOT caches ({@link AotCaches}) off the user's path: a process of its own, started
 * detached and at the lowest priority after a run ({@link #startDetached}), that
 * <ol>
 *   <li>runs the quickstart ({@code examples/quickstart}, its scripted demo model, a temporary
 *       database) with the CLI's JVM and local-service's both in {@code -XX:AOTMode=record}, which
 *       write what they loaded and profiled when they exit;</li>
 *   <li>assembles each cache from that ({@code -XX:AOTMode=create}, the half-minute the JVM would
 *       otherwise spend at the exit of a user's command);</li>
 *   <li>moves each into place by an atomic rename, so a start never sees half a cache, and deletes the
 *       caches of other keys (an older build or JVM).</li>
 * </ol>
 * One at a time: a lock file holds the recorder's PID. Its output goes to {@code <dir>/recorder.log}.
 */
public final class AotRecorder {

    static final String LOCK = "recording.lock";
    public static final String LOG = "recorder.log";
    /** When each set of keys was last recorded ({@link #firstAttemptToday}). */
    static final String ATTEMPTS = "attempts";
    /** The benchmark recorded on: it starts the whole stack, submits, runs both stages and writes reports. */
    static final String TRAINING_BENCHMARK = "examples/quickstart/benchmark.yaml";

    private AotRecorder() {
    }

    /**
     * Starts a recorder for the caches missing under {@code caches}, unless one is running already.
     * Returns at once; the recorder outlives this JVM. Empty when none was started (and why not).
     */
    public static Optional<Long> startDetached(Path home, AotCaches caches) {
        try {
            Files.createDirectories(caches.dir());
            Path quarkusApp = LocalStack.quarkusApp(home);
            String keys = caches.serviceCache(quarkusApp).getFileName() + " " + (caches.cliCache() == null ? "-" : caches.cliCache().getFileName());
            if (!firstAttemptToday(caches.dir(), keys) || !lock(caches.dir())) {
                return Optional.empty();
            }
            String java = ProcessHandle.current().info().command().orElse("java");
            List<String> command = new ArrayList<>();
            // a session of its own (no terminal's Ctrl-C or hang-up reaches it) at the lowest priority,
            // so the user's next command keeps the CPUs
            if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
                command.add("/usr/bin/setsid");
            }
            if (Files.isExecutable(Path.of("/usr/bin/nice"))) {
                command.addAll(List.of("/usr/bin/nice", "-n", "19"));
            }
            command.addAll(List.of(java, "-XX:+UseSerialGC", "-Xms16m", "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"), AotRecorder.class.getName(),
                    home.toString(), caches.dir().toString(), caches.cliCache() == null ? "-" : caches.cliCache().toString()));
            command.addAll(AotCaches.thisJvmsOptions());
            Path log = caches.dir().resolve(LOG);
            Process recorder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            Files.writeString(caches.dir().resolve(LOCK), Long.toString(recorder.pid()));
            return Optional.of(recorder.pid());
        } catch (IOException | RuntimeException e) {
            unlock(caches.dir());
            return Optional.empty();
        }
    }

    /**
     * Whether no recording of these keys was started in the last day, noting this one. A recording whose
     * caches the JVM then rejected (and so deleted) is not started again after every command.
     */
    static boolean firstAttemptToday(Path dir, String keys) throws IOException {
        Path attempts = dir.resolve(ATTEMPTS);
        List<String> lines = Files.isRegularFile(attempts) ? Files.readAllLines(attempts) : List.of();
        Instant dayAgo = Instant.now().minusSeconds(24 * 3600);
        List<String> recent = new ArrayList<>();
        boolean attempted = false;
        for (String line : lines) {
            int space = line.indexOf(' ');
            boolean dated = space > 0 && line.substring(0, space).matches("\\d+");
            if (dated && Instant.ofEpochSecond(Long.parseLong(line.substring(0, space))).isAfter(dayAgo)) {
                recent.add(line);
                attempted |= line.substring(space + 1).equals(keys);
            }
        }
        if (!attempted) {
            recent.add(Instant.now().getEpochSecond() + " " + keys);
        }
        Files.write(attempts, recent);
        return !attempted;
    }

    /** Takes the lock unless a live recorder holds it; a lock left by a dead one is taken over. */
    static boolean lock(Path dir) throws IOException {
        Path lock = dir.resolve(LOCK);
        try {
            Files.writeString(lock, "starting", StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return true;
        } catch (FileAlreadyExistsException e) {
            String holder = Files.readString(lock).strip();
            boolean alive = holder.matches("\\d+") && ProcessHandle.of(Long.parseLong(holder)).map(ProcessHandle::isAlive).orElse(false);
            boolean starting = holder.equals("starting")
                    && Files.getLastModifiedTime(lock).toInstant().isAfter(Instant.now().minusSeconds(60));
            if (alive || starting) {
                return false;
            }
            Files.writeString(lock, "starting");
            return true;
        }
    }

    static void unlock(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve(LOCK));
        } catch (IOException e) {
            // a stale lock is taken over by the next recorder
        }
    }

    /** {@code home dir cliCache|- cliJvmOption…}: records, assembles and installs the caches, then unlocks. */
    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        Path dir = Path.of(args[1]);
        Path cliCache = args[2].equals("-") ? null : Path.of(args[2]);
        List<String> cliOptions = List.of(args).subList(3, args.length);
        int exit = 1;
        try {
            log("recording AOT caches for " + home);
            exit = record(home, new AotCaches(dir, cliCache), cliOptions, LocalStack.jvmOptions(System.getenv("ASSAY_LOCAL_JVM_OPTIONS")));
        } finally {
            unlock(dir);
        }
        System.exit(exit);
    }

    /** The whole recording; 0 when the caches are in place. */
    static int record(Path home, AotCaches caches, List<String> cliOptions, List<String> serviceOptions)
            throws IOException, InterruptedException {
        Path quarkusApp = LocalStack.jarOf(home, LocalStack.SERVICE).getParent();
        // the keys before the run: a rebuild meanwhile must not get a cache of the jars recorded
        Path serviceTarget = caches.serviceCache(quarkusApp);
        Path work = Files.createTempDirectory(caches.dir(), "recording-");
        try {
            String java = ProcessHandle.current().info().command().orElse("java");
            Path cliJar = home.resolve("cli/target/assay-cli.jar");
            Path cliConfig = work.resolve("cli.aotconf");
            Path serviceConfig = work.resolve(LocalStack.SERVICE + ".aotconf");

            List<String> run = new ArrayList<>(List.of(java));
            run.addAll(cliOptions);
            run.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + cliConfig,
                    "-D" + AotCaches.RECORD_PROPERTY + "=" + serviceConfig, "-Dassay.home=" + home,
                    "-jar", cliJar.toString(), "run", home.resolve(TRAINING_BENCHMARK).toString(), "--out", work.resolve("run").toString()));
            if (step("the recording run", run, home, Map.of(LocalData.VARIABLE, LocalData.TEMPORARY)) != 0) {
                return 1;
            }
            int failures = 0;
            if (caches.cliCache() != null) {
                failures += assembleCliCache(java, cliOptions, cliConfig, work, home, caches.cliCache());
            }
            // as ServiceProcess runs it: the jar by its bare name, from its folder
            failures += assemble("local-service's cache", java, serviceOptions, serviceConfig, work.resolve(LocalStack.SERVICE + ".aot"),
                    "quarkus-run.jar", quarkusApp, serviceTarget);
            return failures == 0 ? 0 : 1;
        } finally {
            deleteTree(work);
        }
    }

    /**
     * Assembles the CLI's cache from a recorded configuration into {@code target}; 0 when it is in place.
     * The class path as bin/assay gives it, the jar's absolute path: a cache holds its class path, and a
     * JVM given it another way (a relative path) rejects the cache ("shared class paths mismatch").
     */
    public static int assembleCliCache(String java, List<String> options, Path config, Path work, Path home, Path target)
            throws IOException, InterruptedException {
        return assemble("the CLI's cache", java, options, config, work.resolve("cli.aot"),
                home.resolve("cli/target/assay-cli.jar").toString(), home, target);
    }

    /** Assembles a cache from a recorded configuration, then renames it into place over the old key's. */
    static int assemble(String what, String java, List<String> options, Path config, Path cache, String jar,
                        Path directory, Path target) throws IOException, InterruptedException {
        if (!Files.isRegularFile(config)) {
            log(what + ": the recording wrote no " + config.getFileName());
            return 1;
        }
        List<String> create = new ArrayList<>(List.of(java));
        create.addAll(options);
        create.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + config, "-XX:AOTCache=" + cache,
                "-jar", jar));
        if (step(what, create, directory, Map.of()) != 0 || !Files.isRegularFile(cache)) {
            return 1;
        }
        install(cache, target);
        log(what + " is in place: " + target + " (" + Files.size(target) / (1024 * 1024) + " MB)");
        return 0;
    }

    /** Renames {@code cache} to {@code target} atomically and deletes the caches of the same kind under other keys. */
    static void install(Path cache, Path target) throws IOException {
        Files.move(cache, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        String kind = target.getFileName().toString().replaceFirst("-[0-9a-f]+\\.aot$", "-");
        Path log = target.resolveSibling(target.getFileName().toString().replaceFirst("\\.aot$", ".log"));
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(target.getParent(), kind + "*")) {
            for (Path sibling : siblings) {
                // the older keys' caches and their JVMs' AOT logs
                if (!sibling.equals(target) && !sibling.equals(log)
                        && sibling.getFileName().toString().matches("\\Q" + kind + "\\E[0-9a-f]+\\.(aot|log)")) {
                    Files.deleteIfExists(sibling);
                }
            }
        }
    }

    private static int step(String what, List<String> command, Path directory, Map<String, String> env)
            throws IOException, InterruptedException {
        Instant start = Instant.now();
        log(what + ": " + String.join(" ", command));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).inheritIO()
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(env);
        int exit = builder.start().waitFor();
        log(what + ": exit " + exit + " after " + (Instant.now().toEpochMilli() - start.toEpochMilli()) / 1000.0 + " s");
        return exit;
    }

    private static void log(String line) {
        System.out.println(Instant.now() + " assay aot: " + line);
        System.out.flush();
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
