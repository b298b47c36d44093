package dev.assay.importers;

import java.nio.file.Path;

/**
 * Converts benchmarks written for another tool into Assay's format. Implementations are listed in
 * {@link Importers}; more can be added with a {@code META-INF/services/dev.assay.importers.BenchmarkImporter}
 * entry. An importer reads text only: it never runs code from the source (Python templates,
 * lambdas, custom checkers are read, translated when they follow a known pattern, else reported).
 */
public interface BenchmarkImporter {

    /** The name users give: {@code assay import NAME PATH}, {@code ?format=NAME}. */
    String format();

    /** One line for help texts: what the importer reads. */
    String description();

    /**
     * Reads {@code source} (a file or a folder, as the format needs). Items that cannot be
     * converted are reported in the result, never thrown.
     *
     * @throws ImportException when the source as a whole cannot be read
     */
    ImportResult read(Path source);
}
