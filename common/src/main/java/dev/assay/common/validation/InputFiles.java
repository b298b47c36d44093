package dev.assay.common.validation;

import dev.assay.common.text.ByteSizes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the files a user points Assay at (benchmarks, run configs, prompt files, files to import),
 * each at most {@value #SETTING} large (default 10M): the size is checked before the file is read
 * into memory, so a wrong path to a huge file fails at once with a message saying what to do.
 */
public final class InputFiles {

    /** The environment variable (or system property {@code assay.max-file-size}) that sets the limit. */
    public static final String SETTING = "ASSAY_MAX_FILE_SIZE";
    public static final long DEFAULT_LIMIT = 10L * 1024 * 1024;

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([KMG]?)I?B?", Pattern.CASE_INSENSITIVE);

    private InputFiles() {
    }

    /** A file larger than the limit; its message is {@code too large (N MB, the limit is M MB; set … to raise it)}. */
    public static final class TooLargeException extends IOException {
        public TooLargeException(String message) {
            super(message);
        }
    }

    /** The file's text (UTF-8), when it is within the limit. */
    public static String readString(Path file) throws IOException {
        checkSize(file);
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** The file's bytes, when it is within the limit. */
    public static byte[] readAllBytes(Path file) throws IOException {
        checkSize(file);
        return Files.readAllBytes(file);
    }

    /** Throws {@link TooLargeException} when {@code file} is larger than the limit. */
    public static void checkSize(Path file) throws IOException {
        long limit = limit();
        long size = Files.size(file);
        if (size > limit) {
            throw new TooLargeException("too large (" + ByteSizes.megabytes(size) + ", the limit is " + ByteSizes.megabytes(limit)
                    + "; set " + SETTING + " to raise it, e.g. " + SETTING + "=" + suggestion(size) + ")");
        }
    }

    /** The limit in bytes: {@value #SETTING} from the environment, else the system property, else 10M. */
    public static long limit() throws IOException {
        String value = System.getenv(SETTING);
        if (value == null || value.isBlank()) {
            value = System.getProperty("assay.max-file-size");
        }
        return value == null || value.isBlank() ? DEFAULT_LIMIT : parse(value);
    }

    /** {@code 10M}, {@code 512K}, {@code 1G}, {@code 20MB} or a number of bytes. */
    static long parse(String value) throws IOException {
        Matcher size = SIZE.matcher(value.strip());
        if (!size.matches()) {
            throw new IOException(SETTING + "=\"" + value + "\" is not a size; write e.g. 10M, 512K or 1G");
        }
        long number = Long.parseLong(size.group(1));
        return switch (size.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> number * 1024;
            case "M" -> number * 1024 * 1024;
            case "G" -> number * 1024 * 1024 * 1024;
            default -> number;
        };
    }

    private static String suggestion(long size) {
        long megabytes = (size + 1024 * 1024 - 1) / (1024 * 1024);
        return (megabytes + 1) + "M";
    }
}
