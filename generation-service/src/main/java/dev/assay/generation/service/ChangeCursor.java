package dev.assay.generation.service;

/**
 * Where a read of a run's changed results starts (docs/api.md, "Following the results"). A round
 * starts at a transaction horizon {@code H} (cursor {@code "H"}; none: 0, every result) and reads
 * the results written by transactions from {@code H} on, in (transaction, result id) order, a page
 * at a time ({@code "N:X:ID"}: after transaction X and result ID). {@code N} is the horizon taken
 * when the round started, where the next round starts: every transaction below it had ended then,
 * so whatever the round's reads could not see yet was written at or above it.
 */
record ChangeCursor(Long nextRound, long afterTransaction, String afterId) {

    static ChangeCursor parse(String cursor) {
        if (cursor == null || cursor.isBlank()) {
            return new ChangeCursor(null, 0, "");
        }
        try {
            String[] parts = cursor.split(":", 3);
            if (parts.length == 1) {
                return new ChangeCursor(null, Long.parseLong(parts[0]), "");
            }
            if (parts.length == 3 && !parts[2].isEmpty()) {
                return new ChangeCursor(Long.parseLong(parts[0]), Long.parseLong(parts[1]), parts[2]);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InvalidRequestException("since: not a cursor this API gave, got " + cursor);
    }

    /** A new round: its reads start at the horizon taken now ({@code horizon}) next time. */
    boolean startsRound() {
        return nextRound == null;
    }

    static String page(long nextRound, long afterTransaction, String afterId) {
        return nextRound + ":" + afterTransaction + ":" + afterId;
    }
}
