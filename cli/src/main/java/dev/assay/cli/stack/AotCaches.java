package dev.assay.cli.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * JDK 25 AOT caches (JEP 483/514/515) for the JVMs on the local stack's path: the CLI's (which holds
 * the broker) and local-service's. A cache is recorded off the user's path, by a detached
 * {@link AotRecorder} that a finished {@code assay run} starts when a cache is missing, and is used
 * from the next start on (docs/development.md, "AOT caches").
 *
 * <p>A cache is named by a key of what it was recorded from, the JVM (its {@code java.home} and
 * version) and the application's files (names, sizes, modification times; the small launcher jar's
 * content), so a rebuilt jar or another JVM never picks up a stale one: it just has none yet. A cache
 * the JVM still rejects (corrupt, truncated) costs nothing but the cache: the JVM starts without it
 * ({@code -XX:AOTMode=auto}, the default), the stack sees the rejection in the JVM's AOT log and
 * deletes the file, and a later run records it anew.
 *
 * <p>On only when bin/assay says where caches live ({@code -Dassay.aot.dir}, which
 * {@code ASSAY_AOT_CACHE=off} leaves out) and the JVM has AOT caches (25 or newer); otherwise the
 * stack uses the build's AppCDS archive as before.
 */
public final class AotCaches {

    /** Where the caches live (bin/assay: {@code <home>/.assay/aot}); unset: no AOT caches. */
    public static final String DIR_PROPERTY = "assay.aot.dir";
    /** The path of the CLI's own cache for this CLI jar and JVM, as bin/assay keys it (bin/assay uses it when it exists). */
    public static final String CLI_CACHE_PROPERTY = "assay.aot.cli-cache";
    /** Set on a recording run: where local-service writes its AOT configuration at exit ({@link AotRecorder}). */
    public static final String RECORD_PROPERTY = "assay.aot.record-service";
    /** The first JDK whose {@code -XX:AOTMode=record/create} and {@code -XX:AOTCache} this uses. */
    static final int FIRST_JDK = 25;
    /** A line of the JVM's AOT log that means it could not use the cache. */
    static final String REJECTED = "[error";
    /** A line of the JVM's AOT log that means it mapped the cache. */
    static final String OPENED = "Opened AOT cache";

    private final Path dir;
    private final Path cliCache;

    AotCaches(Path dir, Path cliCache) {
        this.dir = dir;
        this.cliCache = cliCache;
    }

    /** The caches bin/assay configured for this JVM; empty when off or when this JVM has no AOT caches. */
    public static Optional<AotCaches> configured() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || dir.isBlank() || Runtime.version().feature() < FIRST_JDK) {
            return Optional.empty();
        }
        String cli = System.getProperty(CLI_CACHE_PROPERTY);
        return Optional.of(new AotCaches(Path.of(dir), cli == null || cli.isBlank() ? null : Path.of(cli)));
    }

    /** Set on a recorder's run ({@link #RECORD_PROPERTY}): where local-service records its AOT configuration. */
    static Path recordingConfiguration() {
        String path = System.getProperty(RECORD_PROPERTY);
        return path == null || path.isBlank() ? null : Path.of(path);
    }

    public Path dir() {
        return dir;
    }

    /** The CLI's cache path for this jar and JVM (bin/assay's key); null when bin/assay gave none. */
    public Path cliCache() {
        return cliCache;
    }

    /** local-service's cache for the app in {@code quarkusApp} and this JVM (its {@code java.home} runs the service). */
    public Path serviceCache(Path quarkusApp) {
        return dir.resolve(LocalStack.SERVICE + "-" + key(quarkusApp) + ".aot");
    }

    /**
     * The options that carry these caches to {@code assay up}'s background JVM, which holds the broker as
     * the CLI's does: where the caches live, and the CLI's cache (the same jars) when it is recorded.
     */
    public List<String> daemonOptions() {
        List<String> options = new ArrayList<>(List.of("-D" + DIR_PROPERTY + "=" + dir));
        if (cliCache != null) {
            options.add("-D" + CLI_CACHE_PROPERTY + "=" + cliCache);
            if (Files.isRegularFile(cliCache)) {
                options.add("-XX:AOTCache=" + cliCache);
            }
        }
        return options;
    }

    /** Whether a recording would add a cache that is missing now. */
    public boolean missing(Path quarkusApp) {
        return !Files.isRegularFile(serviceCache(quarkusApp)) || cliCache != null && !Files.isRegularFile(cliCache);
    }

    /**
     * The JVM options for local-service: its cache {@code cache} ({@link #serviceCache}) with its AOT log in
     * {@code aotLog} when the cache exists; empty when not, so the caller falls back to AppCDS.
     */
    public List<String> serviceOptions(Path cache, Path aotLog) {
        if (!Files.isRegularFile(cache)) {
            return List.of();
        }
        return List.of("-XX:AOTCache=" + cache.toAbsolutePath(), logTo(aotLog));
    }

    /** {@code -Xlog} of the AOT cache's own lines into {@code file} instead of the process's output. */
    static String logTo(Path file) {
        // quoted: the path may hold a colon, which -Xlog reads as its separator
        return "-Xlog:aot=info:file=\"" + file.toAbsolutePath() + "\"::filecount=0";
    }

    /**
     * After the JVM started with {@code cache} and logged to {@code aotLog}: whether it used the cache.
     * One it rejected is deleted, so that it is recorded anew instead of costing every start a failed try.
     */
    static boolean usedOrDeleted(Path cache, Path aotLog) {
        List<String> lines;
        try {
            lines = Files.isRegularFile(aotLog) ? Files.readAllLines(aotLog, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return false;
        }
        boolean opened = lines.stream().anyMatch(line -> line.contains(OPENED));
        boolean rejected = lines.stream().anyMatch(line -> line.contains(REJECTED));
        if (opened && !rejected) {
            return true;
        }
        if (rejected || !opened && !lines.isEmpty()) {
            try {
                Files.deleteIfExists(cache);
            } catch (IOException e) {
                // another start may hold it open; the key is the same, so it is tried (and deleted) again
            }
        }
        return false;
    }

    /** The environment variables whose options every JVM takes (bin/assay's key of the CLI's cache reads them too). */
    static final List<String> INHERITED_OPTIONS = List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS");

    /**
     * The key of an app folder for this JVM: a hash of {@code java.home}, the JVM's version, the service's
     * JVM options ({@link LocalStack#jvmOptions}, and {@link #INHERITED_OPTIONS} from the environment), and every
     * file of the folder (its name, size and modification time; caches and archives in it left out).
     * Hashing the 280 MB of jars would cost every start a few hundred milliseconds; a rebuilt jar has a
     * new time, and the JVM checks the class path itself as well.
     */
    static String key(Path quarkusApp) {
        return key(quarkusApp, System.getenv());
    }

    /** {@link #key(Path)} with the options the environment {@code env} gives the service's JVM. */
    static String key(Path quarkusApp, Map<String, String> env) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, System.getProperty("java.home"));
            update(digest, System.getProperty("java.vm.version"));
            // the options the service runs with (ASSAY_LOCAL_JVM_OPTIONS may change them): a cache recorded
            // under other options (another collector, say) may be refused, and would then be recorded again and again
            update(digest, String.join(" ", LocalStack.jvmOptions(env.get("ASSAY_LOCAL_JVM_OPTIONS"))));
            // and the options every JVM picks up from the environment: a JFR recording there makes the JVM refuse a cache
            // recorded without one, and a cache recorded with one is refused without it; each has a key of its own
            for (String variable : INHERITED_OPTIONS) {
                update(digest, env.get(variable));
            }
            List<Path> files = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(quarkusApp)) {
                walk.filter(Files::isRegularFile)
                        .filter(file -> !file.getFileName().toString().endsWith(".jsa") && !file.getFileName().toString().endsWith(".aot"))
                        .sorted()
                        .forEach(files::add);
            }
            for (Path file : files) {
                update(digest, quarkusApp.relativize(file).toString());
                update(digest, Files.size(file) + "@" + Files.getLastModifiedTime(file).toMillis());
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 12);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + quarkusApp + " to key its AOT cache", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest digest, String text) {
        digest.update(String.valueOf(text).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }

    /**
     * This JVM's options that shape an AOT cache, for the recording to run the CLI as bin/assay did:
     * the heap, collector and compiler options, without this start's own cache and logging flags.
     */
    static List<String> thisJvmsOptions() {
        List<String> options = new ArrayList<>();
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            boolean shaping = argument.startsWith("-X") && !argument.startsWith("-XX:AOT") && !argument.startsWith("-Xlog")
                    && !argument.startsWith("-XX:SharedArchiveFile") && !argument.startsWith("-XX:TieredStopAtLevel");
            if (shaping || argument.startsWith("--sun-misc-unsafe-memory-access") || argument.startsWith("-Dsun.misc.unsafe")) {
                options.add(argument);
            }
        }
        return options;
    }
}
