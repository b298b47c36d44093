package dev.assay.generation.service;

import dev.assay.generation.repository.Transactions;

/**
 * Where a read of a run's changed results starts (docs/api.md, "Following the results"). A round
 * reads the results last written by the {@link Transactions} it names, in (transaction,
 * result id) order, a page at a time; a page cursor carries the round's transactions, the next
 * round's, and the last (transaction, result id) read. The next round's is the snapshot taken when
 * the round started: the transactions still running then and those that began after, so that
 * whatever the round could not see yet is read by the next one, and little is read twice.
 *
 * <p>Text: a round is {@code XMAX[,XIP...]} (none: every result); a page is
 * {@code SINCE;NEXT;TRANSACTION:RESULT_ID}.
 */
record ChangeCursor(Transactions since, Transactions next, long afterTransaction, String afterId) {

    static ChangeCursor parse(String cursor) {
        if (cursor == null || cursor.isBlank()) {
            return new ChangeCursor(Transactions.ALL, null, 0, "");
        }
        try {
            String[] parts = cursor.split(";", 3);
            if (parts.length == 1) {
                return new ChangeCursor(Transactions.parse(parts[0]), null, 0, "");
            }
            if (parts.length == 3) {
                int colon = parts[2].indexOf(':');
                if (colon > 0 && colon < parts[2].length() - 1) {
                    return new ChangeCursor(Transactions.parse(parts[0]), Transactions.parse(parts[1]),
                            Long.parseLong(parts[2].substring(0, colon)), parts[2].substring(colon + 1));
                }
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InvalidRequestException("since: not a cursor this API gave, got " + cursor);
    }

    /** A new round: the snapshot taken now is where the next one starts. */
    boolean startsRound() {
        return next == null;
    }

    String page(Transactions nextRound, long transaction, String resultId) {
        return since + ";" + nextRound + ";" + transaction + ":" + resultId;
    }
}
