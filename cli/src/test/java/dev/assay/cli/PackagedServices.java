package dev.assay.cli;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Assay checkout the cli tests run in, for tests that start the real services: they are
 * skipped when local-service is not packaged (e.g. {@code -pl cli -am}); a full {@code ./mvnw verify}
 * packages them before cli.
 */
final class PackagedServices {

    private PackagedServices() {
    }

    /** The checkout's root, with the local stack's service packaged (else the calling test is skipped). */
    static Path home() {
        Path home = Path.of(System.getProperty("user.dir")).getParent().toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(home.resolve("local-service/target/quarkus-app/quarkus-run.jar")),
                "local-service is not packaged; run ./mvnw verify from the root to include this test");
        return home;
    }

    /** As {@link #home()}, and pointed at by {@code assay.home} for the CLI run in this JVM. */
    static Path homeForThisJvm() {
        Path home = home();
        System.setProperty("assay.home", home.toString());
        return home;
    }
}
