package dev.assay.cli;

import dev.assay.cli.stack.AotRecorder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code bin/assay} itself, run by {@code /bin/sh} in a copy of a checkout: it finds its checkout
 * through a symlink, rebuilds exactly the jars older than a source they are built from (with the
 * build's progress on the console), and its list of what each jar is built from matches the poms.
 * The build is {@code ASSAY_BUILD_CMD}, a script that prints Maven-like lines, so no test builds Assay;
 * the CLI jar is a launcher whose class path is this test's, so {@code --version} runs the real CLI.
 */
class BinAssayTest {

    private static final List<String> TARGETS = List.of("cli", "local-service");
    private static final List<String> MODULES = List.of("cli", "common", "importers", "local-stack", "service-core",
            "generation-stage", "parsing-stage", "rubric-stage", "generation-service", "parsing-service", "rubric-service",
            "local-service");
    private static final Instant SOURCES_WRITTEN = Instant.now().minus(Duration.ofHours(2));
    private static final Instant BUILT = Instant.now().minus(Duration.ofHours(1));

    @TempDir
    Path dir;

    Path home;
    Path buildArgs;
    Path fakeBuild;

    static Path checkout() {
        return Path.of(System.getProperty("user.dir")).getParent().toAbsolutePath().normalize();
    }

    @BeforeEach
    void copyOfACheckout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "bin/assay is a POSIX shell script");
        home = dir.resolve("assay home"); // a space in the path, as on many machines
        Files.createDirectories(home.resolve("bin"));
        for (String script : new String[]{"assay", "select-jdk.sh"}) {
            Files.copy(checkout().resolve("bin").resolve(script), home.resolve("bin").resolve(script), StandardCopyOption.COPY_ATTRIBUTES);
        }
        source(home.resolve("pom.xml"));
        for (String module : MODULES) {
            source(home.resolve(module).resolve("pom.xml"));
            source(home.resolve(module).resolve("src/main/java/dev/assay/Some.java"));
            // a test's change does not change a jar
            source(home.resolve(module).resolve("src/test/java/dev/assay/SomeTest.java"));
        }
        launcherJar(home.resolve("cli/target/assay-cli.jar"));
        for (String service : TARGETS.subList(1, TARGETS.size())) {
            Path jar = home.resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
            Files.createDirectories(jar.getParent());
            Files.write(jar, new byte[0]);
            Files.setLastModifiedTime(jar, FileTime.from(BUILT));
        }
        buildArgs = dir.resolve("build-args");
        fakeBuild = dir.resolve("fake-mvnw");
        Files.writeString(fakeBuild, """
                #!/bin/sh
                echo "$@" >> "%s"
                echo "[INFO] Scanning for projects..."
                echo "[INFO] Building Assay 0.1.0-SNAPSHOT                                     [1/3]"
                echo "[INFO] Building Assay :: common 0.1.0-SNAPSHOT                           [2/3]"
                echo "[INFO] Building jar: /somewhere/assay-common-0.1.0-SNAPSHOT.jar"
                echo "[INFO] Building Assay :: parsing-service 0.1.0-SNAPSHOT                  [3/3]"
                exit "${FAKE_BUILD_EXIT:-0}"
                """.formatted(buildArgs));
        Files.setPosixFilePermissions(fakeBuild, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void runsThroughASymlinkFromAnotherFolder() throws Exception {
        Path links = Files.createDirectories(dir.resolve("bin-on-path"));
        Path link = Files.createSymbolicLink(links.resolve("assay"), home.resolve("bin/assay"));
        // and a link to the link, relative, as `ln -s ../bin-on-path/assay` makes
        Path again = Files.createSymbolicLink(Files.createDirectories(dir.resolve("other")).resolve("assay"),
                Path.of("../bin-on-path/assay"));

        for (Path command : List.of(link, again)) {
            Result result = run(command, Map.of("ASSAY_BUILD_CMD", "false"), "--version");
            assertThat(result.exit()).as(result.toString()).isZero();
            assertThat(result.out()).startsWith("assay ");
            assertThat(result.err()).doesNotContain("building");
        }
    }

    @Test
    void aChangedSourceRebuildsTheJarsBuiltFromItShowingTheBuildsProgress() throws Exception {
        touch(home.resolve("parsing-stage/src/main/java/dev/assay/Some.java"));

        Result result = run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", fakeBuild.toString()), "--version");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.err()).contains("assay: parsing-stage/src/main/java/dev/assay/Some.java changed since "
                + "local-service/target/quarkus-app/quarkus-run.jar was built; building local-service");
        // one line per module, as Maven reaches it; nothing else of Maven's
        assertThat(result.err().lines().filter(line -> line.startsWith("assay: building ")))
                .containsExactly("assay: building Assay [1/3]", "assay: building Assay :: common [2/3]",
                        "assay: building Assay :: parsing-service [3/3]");
        assertThat(result.err()).doesNotContain("Scanning").doesNotContain("Building jar");
        assertThat(Files.readString(buildArgs).strip()).isEqualTo("-B -DskipTests package -pl local-service -am");
        assertThat(Files.readString(home.resolve(".assay/build.log"))).contains("Building jar");
        assertThat(result.out()).startsWith("assay ");

        // built: the next run starts at once
        Files.delete(buildArgs);
        Result again = run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", fakeBuild.toString()), "--version");
        assertThat(again.exit()).as(again.toString()).isZero();
        assertThat(again.err()).doesNotContain("building");
        assertThat(buildArgs).doesNotExist();
    }

    @Test
    void aSharedModuleOrTheParentPomRebuildsEveryJarBuiltFromIt() throws Exception {
        touch(home.resolve("common/src/main/java/dev/assay/Some.java"));
        run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", fakeBuild.toString()), "--version");
        assertThat(Files.readString(buildArgs)).contains("-pl cli,local-service ");

        Files.delete(buildArgs);
        touch(home.resolve("local-stack/pom.xml"));
        run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", fakeBuild.toString()), "--version");
        assertThat(Files.readString(buildArgs)).contains("-pl cli ");

        Files.delete(buildArgs);
        touch(home.resolve("pom.xml"));
        run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", fakeBuild.toString()), "--version");
        assertThat(Files.readString(buildArgs)).contains("-pl cli,local-service ");
    }

    @Test
    void aChangedTestOrAMissingJarAndAFailedBuild() throws Exception {
        touch(home.resolve("common/src/test/java/dev/assay/SomeTest.java"));
        Result testOnly = run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", "false"), "--version");
        assertThat(testOnly.exit()).as(testOnly.toString()).isZero();

        Files.delete(home.resolve("local-service/target/quarkus-app/quarkus-run.jar"));
        Result failed = run(home.resolve("bin/assay"), Map.of("ASSAY_BUILD_CMD", fakeBuild.toString(), "FAKE_BUILD_EXIT", "1"),
                "--version");
        assertThat(failed.exit()).as(failed.toString()).isEqualTo(ExitCodes.INFRASTRUCTURE);
        assertThat(failed.err()).contains("local-service/target/quarkus-app/quarkus-run.jar is missing; building local-service")
                .contains("assay: the build failed (exit 1); the end of " + home.resolve(".assay/build.log"))
                .contains("[INFO] Building jar"); // the end of the log, to see why
        assertThat(failed.out()).isEmpty();
    }

    /** What bin/assay says each jar is built from is what the poms say (dependencies on assay modules, test scope aside). */
    @Test
    void theModulesEachJarIsBuiltFromMatchThePoms() throws Exception {
        String script = Files.readString(checkout().resolve("bin/assay"));
        for (String target : TARGETS) {
            Matcher listed = Pattern.compile("\\n\\s*" + Pattern.quote(target) + "\\) echo \"([^\"]*)\"").matcher(script);
            assertThat(listed.find()).as("bin/assay lists what %s is built from", target).isTrue();
            Set<String> fromScript = new TreeSet<>(Arrays.asList(listed.group(1).split(" ")));
            Set<String> fromPoms = new TreeSet<>(builtFrom(target));
            fromPoms.add(".");
            assertThat(fromScript).as("modules %s is built from", target).isEqualTo(fromPoms);
        }
    }

    private static Set<String> builtFrom(String module) throws IOException {
        Set<String> modules = new LinkedHashSet<>();
        modules.add(module);
        String pom = Files.readString(checkout().resolve(module).resolve("pom.xml"));
        Matcher dependency = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL).matcher(pom);
        while (dependency.find()) {
            String body = dependency.group(1);
            Matcher artifact = Pattern.compile("<artifactId>assay-([a-z-]+)</artifactId>").matcher(body);
            if (artifact.find() && !body.contains("<scope>test</scope>")) {
                modules.addAll(builtFrom(artifact.group(1)));
            }
        }
        return modules;
    }

    /**
     * JDK 25+: the CLI's AOT cache at its key (bin/assay's assay_cli_aot_key: the CLI's jars and the JDK) is
     * used, its JVM's AOT lines in a log beside it and not in the command's output; one the JVM rejects does
     * not fail the command and is deleted at the next start; a changed CLI jar has another key.
     */
    @Test
    void theClisAotCacheIsUsedWhenRecordedAndACorruptOneIsDeletedWithoutFailingTheCommand() throws Exception {
        assumeTrue(Runtime.version().feature() >= 25, "AOT caches need JDK 25");
        String jdk = System.getProperty("java.home");
        Map<String, String> env = Map.of("JAVA_HOME", jdk, "ASSAY_BUILD_CMD", fakeBuild.toString());
        String key = cliAotKey(jdk);
        Path cache = home.resolve(".assay/aot/cli-" + key + ".aot");
        Path log = home.resolve(".assay/aot/cli-" + key + ".log");
        Files.createDirectories(cache.getParent());

        Result without = run(home.resolve("bin/assay"), env, "--version");
        assertThat(without.exit()).as(without.toString()).isZero();
        assertThat(log).as("no cache, no AOT flags").doesNotExist();

        // recorded as the recorder does (the CLI run as bin/assay runs it, in record mode), and assembled by the recorder
        Path real = home.toRealPath();
        String java = Path.of(jdk, "bin", "java").toString();
        List<String> options = List.of("-XX:+UseSerialGC", "-Xms32m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20");
        Path configuration = dir.resolve("cli.aotconf");
        List<String> recording = new ArrayList<>(List.of(java));
        recording.addAll(options);
        recording.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + configuration,
                "-jar", real.resolve("cli/target/assay-cli.jar").toString(), "--version"));
        Process record = new ProcessBuilder(recording).redirectErrorStream(true).redirectOutput(dir.resolve("record.log").toFile()).start();
        assertThat(record.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(configuration).as(Files.readString(dir.resolve("record.log"))).isRegularFile();
        Path work = Files.createDirectories(dir.resolve("work"));
        assertThat(AotRecorder.assembleCliCache(java, options, configuration, work, real, real.resolve(".assay/aot/cli-" + key + ".aot")))
                .isZero();
        assertThat(cache).isRegularFile();

        Result used = run(home.resolve("bin/assay"), env, "--version");
        assertThat(used.exit()).as(used.toString()).isZero();
        assertThat(used.out()).isEqualTo(without.out());
        assertThat(Files.readString(log)).contains("Opened AOT cache").doesNotContain("[error");

        Files.write(cache, new byte[64 * 1024]); // corrupt
        Result rejected = run(home.resolve("bin/assay"), env, "--version");
        assertThat(rejected.exit()).as(rejected.toString()).isZero();
        assertThat(rejected.out()).as("the JVM's complaint is in the log, not the output").isEqualTo(without.out());
        assertThat(rejected.err()).doesNotContain("[error").doesNotContain("AOT");
        assertThat(Files.readString(log)).contains("[error");
        Result next = run(home.resolve("bin/assay"), env, "--version");
        assertThat(next.exit()).as(next.toString()).isZero();
        assertThat(cache).as("deleted, to be recorded anew").doesNotExist();

        Files.writeString(home.resolve("cli/target/assay-cli.jar"), "another build", StandardOpenOption.APPEND);
        String rebuilt = cliAotKey(jdk);
        assertThat(rebuilt).as("a changed CLI jar").isNotEqualTo(key);
        // a JFR recording asked for in the environment makes the JVM refuse a cache recorded without it: another key
        String profiling = "-XX:StartFlightRecording:filename=" + dir.resolve("key-test.jfr");
        assertThat(cliAotKey(jdk, Map.of("JDK_JAVA_OPTIONS", profiling))).isNotEqualTo(rebuilt);
        assertThat(cliAotKey(jdk, Map.of("JAVA_TOOL_OPTIONS", profiling))).isNotEqualTo(rebuilt);
    }

    /** The key as bin/assay computes it in this environment (which {@link #run} passes on, as here). */
    private String cliAotKey(String jdk) throws Exception {
        return cliAotKey(jdk, Map.of());
    }

    private String cliAotKey(String jdk, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", ". \"$1/bin/select-jdk.sh\" && assay_cli_aot_key \"$1\" \"$2\"", "sh",
                home.toString(), jdk).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process key = builder.start();
        String out = new String(key.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(key.waitFor()).as(out).isZero();
        assertThat(out).matches("[0-9]+");
        return out;
    }

    private static void source(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "source\n");
        Files.setLastModifiedTime(file, FileTime.from(SOURCES_WRITTEN));
    }

    private static void touch(Path file) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
    }

    /** A jar whose manifest starts the CLI from this test's class path. */
    private static void launcherJar(Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, AssayCommand.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, Arrays.stream(System.getProperty("java.class.path")
                .split(java.io.File.pathSeparator)).map(entry -> Path.of(entry).toUri().toString()).collect(Collectors.joining(" ")));
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(file, manifest)) {
            // the manifest is the whole jar
        }
        Files.setLastModifiedTime(jar, FileTime.from(BUILT));
    }

    private Result run(Path command, Map<String, String> env, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of("/bin/sh", command.toString()));
        if (Files.isSymbolicLink(command)) {
            line = new ArrayList<>(List.of(command.toString())); // exec'd as a command on PATH would be
        }
        line.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(line).directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("bin/assay finishes").isTrue();
        return new Result(process.exitValue(), Files.readString(dir.resolve("stdout"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8));
    }

    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }
}
