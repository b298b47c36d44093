package dev.assay.cli.stack;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * local-service's AOT cache, end to end on the packaged service, a real broker and PostgreSQL: a
 * stack started in recording mode leaves an AOT configuration, the recorder assembles the cache and
 * installs it under the build's key, the next stack starts the service with it and the JVM maps it
 * (its AOT log says so); a corrupt cache at that key is rejected by the JVM, the service starts all
 * the same, and the stack deletes the file so that it is recorded anew.
 */
class AotCacheEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void aRecordedCacheIsUsedOnTheNextStartAndACorruptOneIsDeletedWithoutFailingTheStart() throws Exception {
        assumeTrue(Runtime.version().feature() >= AotCaches.FIRST_JDK, "AOT caches need JDK " + AotCaches.FIRST_JDK);
        Path home = Path.of(System.getProperty("user.dir")).getParent().toAbsolutePath().normalize();
        Path quarkusApp = LocalStack.quarkusApp(home);
        assumeTrue(Files.isRegularFile(quarkusApp.resolve("quarkus-run.jar")), "local-service is not packaged");
        AotCaches caches = new AotCaches(dir.resolve("aot"), null);
        Files.createDirectories(caches.dir());
        Path cache = caches.serviceCache(quarkusApp);
        assertThat(caches.missing(quarkusApp)).isTrue();

        // recording: the service writes its AOT configuration when the stack stops it
        Path configuration = dir.resolve("local-service.aotconf");
        List<String> status = new CopyOnWriteArrayList<>();
        try (LocalStack stack = LocalStack.create(home).recordingAotConfigurationTo(configuration)) {
            stack.start(dir.resolve("logs-record"), LocalStack.DEFAULT_READY_TIMEOUT, status::add);
            assertThat(commandLine(stack)).contains("-XX:AOTMode=record").doesNotContain("-XX:SharedArchiveFile");
        }
        assertThat(configuration).isRegularFile();
        int failures = AotRecorder.assemble("local-service's cache", ProcessHandle.current().info().command().orElseThrow(),
                LocalStack.JVM_OPTIONS, configuration, dir.resolve("local-service.aot"), "quarkus-run.jar", quarkusApp, cache);
        assertThat(failures).as("the cache assembled from the recording; the recording service's log:\n%s",
                Files.readString(dir.resolve("logs-record").resolve(LocalStack.SERVICE + ".log"))).isZero();
        assertThat(cache).isRegularFile();
        assertThat(caches.missing(quarkusApp)).isFalse();

        // the next start uses it, and the JVM mapped it
        Path logs = dir.resolve("logs-use");
        try (LocalStack stack = LocalStack.create(home).usingAotCaches(caches)) {
            stack.start(logs, LocalStack.DEFAULT_READY_TIMEOUT, status::add);
            assertThat(commandLine(stack)).contains("-XX:AOTCache=" + cache.toAbsolutePath()).doesNotContain("-XX:SharedArchiveFile");
            assertThat(stack.serviceAotCache()).isEqualTo(cache);
        }
        assertThat(Files.readString(LocalStack.aotLog(logs))).contains(AotCaches.OPENED).doesNotContain(AotCaches.REJECTED);
        assertThat(cache).isRegularFile();

        // a corrupt cache: the JVM starts without it, the stack deletes it and says so
        Files.write(cache, new byte[64 * 1024]);
        status.clear();
        Path corrupt = dir.resolve("logs-corrupt");
        try (LocalStack stack = LocalStack.create(home).usingAotCaches(caches)) {
            stack.start(corrupt, LocalStack.DEFAULT_READY_TIMEOUT, status::add);
            assertThat(commandLine(stack)).contains("-XX:AOTCache=" + cache.toAbsolutePath());
            assertThat(stack.serviceAotCache()).isNull();
        }
        assertThat(Files.readString(LocalStack.aotLog(corrupt))).contains(AotCaches.REJECTED);
        assertThat(cache).doesNotExist();
        assertThat(status).anyMatch(line -> line.startsWith("the JVM did not use local-service's AOT cache"));
        assertThat(caches.missing(quarkusApp)).isTrue();
    }

    private static String commandLine(LocalStack stack) {
        return ProcessHandle.of(stack.pid(LocalStack.SERVICE)).orElseThrow().info().commandLine().orElseThrow();
    }
}
