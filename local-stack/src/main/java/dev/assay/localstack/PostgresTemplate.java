package dev.assay.localstack;

import java.io.IOException;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * An empty database cluster (initdb'ed, nothing else in it, stopped cleanly),
 * made once per PostgreSQL build and user and copied into each temporary server's directory. initdb
 * costs about 1.5 CPU s and seconds of disk writes on every start; a copy of its 40 MB, a fraction of
 * that. The tests, {@code bin/bench} and {@code ASSAY_LOCAL_DATA=temp} start many temporary servers.
 *
 * <p>It lives in the system's temporary directory, named after the user and the PostgreSQL binaries
 * on the class path (their jar, and so their version): other binaries never use it. It is written
 * into a directory of its own and renamed into place, so a reader sees all of it or none, and two
 * JVMs making it at once leave one.
 */
final class PostgresTemplate {

    private static final List<String> BINARIES = List.of("postgres-linux-x86_64.txz", "postgres-linux-arm_64.txz",
            "postgres-linux-x86_64-alpine.txz", "postgres-darwin-x86_64.txz", "postgres-darwin-arm_64.txz");

    private final Path location;

    private PostgresTemplate(Path location) {
        this.location = location;
    }

    /** The template of the binaries on the class path; empty when they cannot be named (then initdb runs as before). */
    static Optional<PostgresTemplate> forTheseBinaries() {
        ClassLoader loader = PostgresTemplate.class.getClassLoader();
        for (String name : BINARIES) {
            URL binaries = loader.getResource(name);
            if (binaries != null) {
                String key = Integer.toHexString(binaries.toString().hashCode());
                String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_.-]", "_");
                return Optional.of(new PostgresTemplate(Path.of(System.getProperty("java.io.tmpdir"))
                        .resolve("assay-postgres-template-" + user + "-" + key)));
            }
        }
        return Optional.empty();
    }

    Path location() {
        return location;
    }

    /** Copies the template into the empty {@code dataDirectory}; false when there is none yet (or it cannot be read). */
    boolean copyInto(Path dataDirectory) {
        if (!Files.isRegularFile(location.resolve("PG_VERSION"))) {
            return false;
        }
        try {
            copyTree(location, dataDirectory);
            return true;
        } catch (IOException | RuntimeException e) {
            emptyQuietly(dataDirectory); // initdb runs on it as if there had been no template
            return false;
        }
    }

    /** Keeps a copy of {@code stoppedCluster} (fresh and stopped cleanly) as the template, unless one exists. */
    void keep(Path stoppedCluster) {
        if (Files.isRegularFile(location.resolve("PG_VERSION"))) {
            return;
        }
        Path making = null;
        try {
            making = Files.createTempDirectory(location.getParent(), location.getFileName() + ".making-");
            copyTree(stoppedCluster, making);
            Files.move(making, location, StandardCopyOption.ATOMIC_MOVE);
            making = null;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException e) {
            // another JVM made it meanwhile (or it cannot be renamed into place here): theirs, or none
        } catch (IOException | RuntimeException e) {
            // no template: the next start runs initdb, as without one
        } finally {
            TemporaryDirectories.deleteQuietly(making);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (source.getFileName().toString().equals("postmaster.pid")) {
                    continue; // never a running server's
                }
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void emptyQuietly(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).filter(path -> !path.equals(directory)).forEach(path -> path.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // initdb will say what is wrong with the directory
        }
    }

}
