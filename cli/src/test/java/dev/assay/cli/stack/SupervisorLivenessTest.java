package dev.assay.cli.stack;

import dev.assay.localstack.ServiceProcess;
import dev.assay.testsupport.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The supervisor restarts a service whose process runs but whose liveness stays DOWN, not only one whose
 * process ended: a real process ({@link LivenessDownService}, packaged here as a service's
 * {@code quarkus-run.jar}) answering DOWN on {@code /q/health/live} in its first life.
 */
class SupervisorLivenessTest {

    private static final String MODULE = "liveness-down";
    /** The one interval the supervisor checks at; the waits below are derived from it. */
    private static final Duration INTERVAL = Duration.ofMillis(200);

    @TempDir
    Path root;

    @Test
    void aServiceWhoseLivenessStaysDownIsKilledAndRestarted() throws Exception {
        packageService();
        List<String> said = new CopyOnWriteArrayList<>();
        List<String> failures = new CopyOnWriteArrayList<>();
        AtomicBoolean stopping = new AtomicBoolean();
        ServiceProcess service = ServiceProcess.start(root, MODULE, root.resolve("logs"), Map.of(), Map.of(), List.of("-Xmx32m"),
                Duration.ofSeconds(60), spawned -> { });
        try {
            long first = service.pid();
            Supervisor supervisor = new Supervisor(Duration.ofSeconds(60), said::add, stopping::get, failures::add,
                    RestartBudget::standard, INTERVAL);
            supervisor.watch(service);

            Eventually.await(INTERVAL.multipliedBy(Supervisor.LIVENESS_FAILURES).plus(Duration.ofSeconds(60)), () -> said,
                    lines -> lines.stream().anyMatch(line -> line.contains("is running again")), "the service restarted");

            assertThat(said).anyMatch(line -> line.startsWith(MODULE + "'s liveness was down: it was killed (code 137); restarting it"));
            assertThat(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false)).as("the first process").isFalse();
            assertThat(service.pid()).isNotEqualTo(first);
            assertThat(service.live(Duration.ofSeconds(5))).as("the restarted process is live").contains(true);
            assertThat(Files.readString(service.log())).contains("liveness was DOWN in 3 checks in a row");
            assertThat(failures).isEmpty();
        } finally {
            stopping.set(true);
            service.close();
        }
    }

    /** {@code <root>/liveness-down/target/quarkus-app/quarkus-run.jar}: the stand-in's class and a manifest naming it. */
    private void packageService() throws IOException {
        Path app = Files.createDirectories(root.resolve(MODULE).resolve("target/quarkus-app"));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LivenessDownService.class.getName());
        String entry = LivenessDownService.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(app.resolve("quarkus-run.jar"));
             JarOutputStream jar = new JarOutputStream(file, manifest);
             InputStream compiled = LivenessDownService.class.getClassLoader().getResourceAsStream(entry)) {
            jar.putNextEntry(new JarEntry(entry));
            compiled.transferTo(jar);
            jar.closeEntry();
        }
    }
}
