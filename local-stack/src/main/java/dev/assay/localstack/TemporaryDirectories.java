package dev.assay.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The broker's and PostgreSQL's throw-away directories under the system's temporary directory. */
final class TemporaryDirectories {

    private TemporaryDirectories() {
    }

    /** Deletes {@code directory} and everything in it, if it exists; what cannot be deleted is left (harmless there). */
    static void deleteQuietly(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a leftover directory in the temporary directory is harmless
        }
    }
}
