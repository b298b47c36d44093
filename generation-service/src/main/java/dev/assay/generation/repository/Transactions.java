package dev.assay.generation.repository;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of PostgreSQL transactions, as a snapshot names those it cannot see: those from
 * {@code from} on and the ones listed in {@code running} (below it). {@link #ALL}: every one. Text:
 * {@code FROM[,RUNNING...]}.
 */
public record Transactions(long from, List<Long> running) {

    public static final Transactions ALL = new Transactions(0, List.of());

    public static Transactions parse(String text) {
        String[] parts = text.split(",", -1);
        List<Long> running = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            running.add(Long.parseLong(parts[i]));
        }
        long from = Long.parseLong(parts[0]);
        if (from < 0 || running.stream().anyMatch(x -> x < 0 || x >= from)) {
            throw new NumberFormatException(text);
        }
        return new Transactions(from, List.copyOf(running));
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(Long.toString(from));
        running.forEach(x -> text.append(',').append(x));
        return text.toString();
    }
}
