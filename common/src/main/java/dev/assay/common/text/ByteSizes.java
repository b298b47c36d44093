package dev.assay.common.text;

import java.util.Locale;

/** Sizes as people read them in limit messages: {@code 12 MB}, {@code 10.5 MB} (1 MB = 1024 × 1024 bytes). */
public final class ByteSizes {

    private static final long MB = 1024L * 1024L;

    private ByteSizes() {
    }

    /** Megabytes with at most one decimal, rounded up so a size just over a limit never reads as equal to it. */
    public static String megabytes(long bytes) {
        long tenths = (bytes * 10 + MB - 1) / MB;
        return (tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10.0)) + " MB";
    }
}
