package dev.assay.generation.service;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/** Run ids such as {@code run-20261121-100000-3f9a1c}: readable, sortable by time, unique by the random tail. */
final class RunIds {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunIds() {
    }

    static String next(Instant now) {
        byte[] tail = new byte[3];
        RANDOM.nextBytes(tail);
        return "run-" + TIME.format(now) + "-" + HexFormat.of().formatHex(tail);
    }
}
