package dev.assay.generation.service;

import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Optional;

/**
 * Tells a result store that is unavailable (PostgreSQL down, restarting, out of connections,
 * unreachable) from a write that fails for its own reasons (a constraint, bad data). The first
 * passes: the result consumer waits for it and the API answers 503; the second does not, so that
 * record may go to the dead-letter topic.
 *
 * <p>Read from the JDBC exceptions in the cause chain, whatever wraps them (Hibernate, JTA):
 * their types and SQLSTATE classes ({@code 08} connection exception, {@code 53} insufficient
 * resources, {@code 57P} operator intervention such as a shutdown, {@code 58} system error,
 * {@code 40} a rollback the server chose: serialization failure or deadlock), and an SQLException
 * without SQLSTATE, which is the connection pool's (Agroal: no connection within the acquisition
 * timeout).
 */
public final class StoreFailures {

    private static final String[] TRANSIENT_STATE_PREFIXES = {"08", "53", "57P", "58", "40"};

    private StoreFailures() {
    }

    /** Whether {@code error} says the store could not be reached or could not work now, rather than that this write is wrong. */
    public static boolean unavailable(Throwable error) {
        return firstSign(error).isPresent();
    }

    /** What made the store unavailable, one line for a log or an error body; empty when it is not {@link #unavailable}. */
    public static Optional<String> reason(Throwable error) {
        return firstSign(error).map(StoreFailures::oneLine);
    }

    private static Optional<Throwable> firstSign(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql) {
                if (sql instanceof SQLNonTransientConnectionException || sql instanceof SQLRecoverableException
                        || sql instanceof SQLTransientException) {
                    return Optional.of(sql);
                }
                String state = sql.getSQLState();
                if (state == null ? !hasSqlCause(sql) : transientState(state)) {
                    return Optional.of(sql);
                }
            } else if (cause instanceof ConnectException || cause instanceof SocketTimeoutException
                    || cause instanceof SocketException) {
                return Optional.of(cause);
            }
        }
        return Optional.empty();
    }

    private static boolean transientState(String state) {
        for (String prefix : TRANSIENT_STATE_PREFIXES) {
            if (state.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** A pool's SQLException wraps the driver's (with its SQLSTATE) when it has one: that one decides. */
    private static boolean hasSqlCause(SQLException sql) {
        for (Throwable cause = sql.getCause(); cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException) {
                return true;
            }
        }
        return false;
    }

    private static String oneLine(Throwable cause) {
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).strip();
    }
}
