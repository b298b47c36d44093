package dev.assay.generation.service;

import dev.assay.generation.ImportedBenchmark;
import dev.assay.importers.BenchmarkImporter;
import dev.assay.importers.ImportException;
import dev.assay.importers.ImportReport;
import dev.assay.importers.ImportResult;
import dev.assay.importers.ImportedFiles;
import dev.assay.importers.Importers;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Imports an uploaded benchmark: the body is the file itself, or a zip of the folder for formats
 * that read folders (LVE repositories). The upload is unpacked into a private temporary folder that
 * is always deleted; nothing is stored.
 */
@ApplicationScoped
public class BenchmarkImports {

    /** Unpacked size and entry count an upload may have: a zip bomb is refused, not unpacked. */
    static final long MAX_UNPACKED_BYTES = 256L * 1024 * 1024;
    static final int MAX_ENTRIES = 20_000;

    private static final byte[] ZIP_MAGIC = {'P', 'K', 3, 4};

    private final Importers importers = Importers.standard();

    public ImportedBenchmark importUpload(String format, String fileName, byte[] body) {
        if (format == null || format.isBlank()) {
            throw new InvalidRequestException("format: is required (one of " + String.join(", ", importers.formats()) + ")");
        }
        BenchmarkImporter importer;
        try {
            importer = importers.require(format);
        } catch (ImportException e) {
            throw new InvalidRequestException("format: " + e.getMessage());
        }
        if (body == null || body.length == 0) {
            throw new InvalidRequestException("body: is empty; send the file to import (a zip for a folder)");
        }
        String name = safeName(fileName);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("assay-import-");
            Path source = isZip(body) ? unzip(body, dir.resolve(stripZip(name))) : Files.write(dir.resolve(name), body);
            ImportResult result;
            try {
                result = importer.read(source);
            } catch (ImportException e) {
                // the message names the temporary path; the user knows the upload by its name
                throw new InvalidRequestException(e.getMessage().replace(dir.toString() + "/", "").replace(dir.toString(), ""));
            }
            result = result.withReport(new ImportReport(result.report().format(), name, result.report().entries(),
                    result.report().notes()));
            return new ImportedBenchmark(result.report(), result.benchmark(), ImportedFiles.starterRunConfig(result),
                    ImportedFiles.benchmarkYaml(result), ImportedFiles.runConfigYaml(result));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage the upload for import: " + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
        }
    }

    private static boolean isZip(byte[] body) {
        if (body.length < ZIP_MAGIC.length) {
            return false;
        }
        for (int i = 0; i < ZIP_MAGIC.length; i++) {
            if (body[i] != ZIP_MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** Unpacks into {@code target}; entries that would land outside it are refused. */
    static Path unzip(byte[] body, Path target) throws IOException {
        Files.createDirectories(target);
        long total = 0;
        int entries = 0;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(body))) {
            ZipEntry entry;
            while ((entry = zip.getNextEntry()) != null) {
                if (++entries > MAX_ENTRIES) {
                    throw new InvalidRequestException("body: the zip has more than " + MAX_ENTRIES + " entries");
                }
                Path file = target.resolve(entry.getName()).normalize();
                if (!file.startsWith(target)) {
                    throw new InvalidRequestException("body: zip entry \"" + entry.getName() + "\" points outside the folder");
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(file);
                    continue;
                }
                Files.createDirectories(file.getParent());
                total += copyLimited(zip, file, MAX_UNPACKED_BYTES - total);
            }
        } catch (java.util.zip.ZipException e) {
            throw new InvalidRequestException("body: not a readable zip: " + e.getMessage());
        }
        return target;
    }

    private static long copyLimited(InputStream in, Path file, long allowed) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long written = 0;
        try (var out = Files.newOutputStream(file)) {
            int read;
            while ((read = in.read(buffer)) > 0) {
                written += read;
                if (written > allowed) {
                    throw new InvalidRequestException("body: the zip unpacks to more than " + MAX_UNPACKED_BYTES / (1024 * 1024)
                            + " MiB");
                }
                out.write(buffer, 0, read);
            }
        }
        return written;
    }

    /** A plain file name: the upload's name shows in the report, and must not be a path. */
    private static String safeName(String fileName) {
        if (fileName == null || fileName.isBlank()) {
            return "upload";
        }
        String name = Path.of(fileName.replace('\\', '/')).getFileName().toString();
        return name.isBlank() || name.equals("..") || name.equals(".") ? "upload" : name;
    }

    private static String stripZip(String name) {
        return name.toLowerCase(java.util.Locale.ROOT).endsWith(".zip") ? name.substring(0, name.length() - 4) : name;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException ignored) {
            // a temporary folder left behind is the OS's to clean; the import's answer matters more
        }
    }
}
