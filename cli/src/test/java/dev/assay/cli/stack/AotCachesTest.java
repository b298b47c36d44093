package dev.assay.cli.stack;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How AOT caches are keyed, judged and installed (AotCacheEndToEndTest runs them on the real JVM): a
 * changed app gets another key, so a stale cache is never picked; a cache the JVM rejected is
 * deleted; an installed cache replaces the other keys' caches of its kind; one recorder at a time.
 */
class AotCachesTest {

    @TempDir
    Path dir;

    @Test
    void anAppWhoseFilesChangedHasAnotherKeyAndItsOwnCachesDoNotCount() throws Exception {
        Path app = Files.createDirectories(dir.resolve("quarkus-app"));
        Path jar = Files.writeString(Files.createDirectories(app.resolve("lib")).resolve("a.jar"), "one");
        Files.writeString(app.resolve("quarkus-run.jar"), "run");
        String key = AotCaches.key(app);
        assertThat(AotCaches.key(app)).isEqualTo(key);

        Files.writeString(app.resolve("app-cds.jsa"), "archive");
        Files.writeString(app.resolve("other.aot"), "cache");
        assertThat(AotCaches.key(app)).as("archives and caches are not the app").isEqualTo(key);

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        String rebuilt = AotCaches.key(app);
        assertThat(rebuilt).as("a jar written again").isNotEqualTo(key);
        Files.writeString(jar, "two!");
        assertThat(AotCaches.key(app)).as("a jar changed").isNotEqualTo(rebuilt);

        AotCaches caches = new AotCaches(dir.resolve("aot"), null);
        assertThat(caches.serviceCache(app).getFileName().toString()).isEqualTo("local-service-" + AotCaches.key(app) + ".aot");
        assertThat(caches.serviceOptions(caches.serviceCache(app), dir.resolve("aot.log"))).as("no cache yet: the caller falls back to AppCDS").isEmpty();
        assertThat(caches.missing(app)).isTrue();
        Path cache = Files.writeString(Files.createDirectories(dir.resolve("aot")).resolve(caches.serviceCache(app).getFileName()), "cache");
        assertThat(caches.serviceOptions(caches.serviceCache(app), dir.resolve("aot.log")))
                .as("its cache recorded").first().isEqualTo("-XX:AOTCache=" + cache.toAbsolutePath());
    }

    @Test
    void optionsEveryJvmTakesFromTheEnvironmentGiveAnotherKey() throws Exception {
        Path app = Files.createDirectories(dir.resolve("quarkus-app"));
        Files.writeString(app.resolve("quarkus-run.jar"), "run");
        String plain = AotCaches.key(app, Map.of());
        assertThat(AotCaches.key(app, Map.of("PATH", "/bin"))).as("other variables do not count").isEqualTo(plain);
        // the JVM refuses a cache recorded without the JFR recording these ask for, and one recorded with it without it
        String profiled = AotCaches.key(app, Map.of("JDK_JAVA_OPTIONS", "-XX:StartFlightRecording"));
        assertThat(profiled).isNotEqualTo(plain);
        assertThat(AotCaches.key(app, Map.of("JAVA_TOOL_OPTIONS", "-XX:StartFlightRecording"))).isNotEqualTo(plain).isNotEqualTo(profiled);
        assertThat(AotCaches.key(app, Map.of("ASSAY_LOCAL_JVM_OPTIONS", "-XX:+UseG1GC"))).isNotEqualTo(plain);
    }

    @Test
    void aCacheTheJvmRejectedIsDeletedAndOneItOpenedIsKept() throws Exception {
        Path cache = Files.writeString(dir.resolve("c.aot"), "cache");
        Path log = Files.writeString(dir.resolve("aot.log"),
                "[0.06s][info][aot] Opened AOT cache c.aot.\n[0.2s][info][aot] Using AOT-linked classes: true\n");
        assertThat(AotCaches.usedOrDeleted(cache, log)).isTrue();
        assertThat(cache).exists();

        Files.writeString(log, "[0.06s][warning][aot] The AOT cache has a bad magic number: 0x6f1c56e4\n"
                + "[0.06s][error  ][aot] An error has occurred while processing the AOT cache. Run with -Xlog:aot for details.\n");
        assertThat(AotCaches.usedOrDeleted(cache, log)).isFalse();
        assertThat(cache).doesNotExist();
    }

    @Test
    void anInstalledCacheReplacesItsKindsOtherKeysOnly() throws Exception {
        Path caches = Files.createDirectories(dir.resolve("aot"));
        Path old = Files.writeString(caches.resolve("local-service-0123abcd.aot"), "old");
        Path oldLog = Files.writeString(caches.resolve("local-service-0123abcd.log"), "old log");
        Path cli = Files.writeString(caches.resolve("cli-998877.aot"), "cli");
        Path fresh = Files.writeString(dir.resolve("recorded.aot"), "new");
        Path target = caches.resolve("local-service-4567ef01.aot");

        AotRecorder.install(fresh, target);

        assertThat(target).hasContent("new");
        assertThat(fresh).doesNotExist();
        assertThat(old).doesNotExist();
        assertThat(oldLog).doesNotExist();
        assertThat(cli).as("another kind").exists();
    }

    @Test
    void theSameKeysAreRecordedOnceADaySoARejectedCacheIsNotRecordedAfterEveryCommand() throws Exception {
        assertThat(AotRecorder.firstAttemptToday(dir, "local-service-ab.aot cli-1.aot")).isTrue();
        assertThat(AotRecorder.firstAttemptToday(dir, "local-service-ab.aot cli-1.aot")).isFalse();
        assertThat(AotRecorder.firstAttemptToday(dir, "local-service-cd.aot cli-1.aot")).as("a rebuilt service").isTrue();
        Files.writeString(dir.resolve(AotRecorder.ATTEMPTS), (Instant.now().getEpochSecond() - 25 * 3600) + " local-service-ef.aot -\n");
        assertThat(AotRecorder.firstAttemptToday(dir, "local-service-ef.aot -")).as("over a day ago").isTrue();
    }

    @Test
    void oneRecorderAtATimeAndALockLeftByADeadOneIsTakenOver() throws Exception {
        assertThat(AotRecorder.lock(dir)).isTrue();
        assertThat(AotRecorder.lock(dir)).as("a recorder is starting").isFalse();
        Files.writeString(dir.resolve(AotRecorder.LOCK), Long.toString(ProcessHandle.current().pid()));
        assertThat(AotRecorder.lock(dir)).as("a live recorder").isFalse();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(dir.resolve(AotRecorder.LOCK), Long.toString(gone.pid()));
        assertThat(AotRecorder.lock(dir)).as("its recorder died").isTrue();
        AotRecorder.unlock(dir);
        assertThat(dir.resolve(AotRecorder.LOCK)).doesNotExist();
    }
}
