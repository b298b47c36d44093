package dev.assay.cli.stack;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Ctrl-C (SIGINT) and SIGTERM while {@code assay run} works: the first asks the command to stop in
 * order (fetch what the run has, write it, stop the stack), the second stops at once, a third halts.
 *
 * <p>Why signal handlers rather than a shutdown hook: once the JVM shuts down, every shutdown hook
 * runs at the same time and in no order, and the in-JVM broker and PostgreSQL have hooks of their
 * own. A hook that still wanted the results would race them, and the run API answers 500 or not at
 * all (what issue 15 saw). A handler runs before any shutdown begins, so the command finishes in the
 * order it chooses and then exits normally. {@code sun.misc.Signal} is in the {@code jdk.unsupported}
 * module of every JDK; where it cannot be used (a JVM run with {@code -Xrs}, a runtime without that
 * module) {@link #installed()} is false and Ctrl-C falls back to the JVM's default: the stack's
 * shutdown hook stops everything, without the reports.
 */
public final class StopSignals implements AutoCloseable {

    private static final String[] SIGNALS = {"INT", "TERM"};

    private final Consumer<String> first;
    private final Runnable second;
    private final int haltCode;
    private final AtomicInteger received = new AtomicInteger();
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();

    private StopSignals(Consumer<String> first, Runnable second, int haltCode) {
        this.first = first;
        this.second = second;
        this.haltCode = haltCode;
    }

    /**
     * Handles SIGINT and SIGTERM until {@link #close()}.
     *
     * @param first    gets the signal's name ({@code INT}, {@code TERM}) on the first signal; must return quickly
     * @param second   runs on the second signal: stop at once (it is expected to end the JVM)
     * @param haltCode the exit status when a third signal halts the JVM (a second stop that hangs)
     */
    public static StopSignals install(Consumer<String> first, Runnable second, int haltCode) {
        StopSignals signals = new StopSignals(first, second, haltCode);
        try {
            for (String name : SIGNALS) {
                Signal signal = new Signal(name);
                signals.previous.put(signal, Signal.handle(signal, signals::handle));
            }
        } catch (IllegalArgumentException | LinkageError e) {
            signals.close(); // -Xrs, or no jdk.unsupported: the JVM's default stays
        }
        return signals;
    }

    /** Whether Ctrl-C and SIGTERM reach this object (else they shut the JVM down as usual). */
    public boolean installed() {
        return previous.size() == SIGNALS.length;
    }

    private void handle(Signal signal) {
        int count = received.incrementAndGet();
        if (count == 1) {
            first.accept(signal.getName());
        } else if (count == 2) {
            second.run();
        } else {
            Runtime.getRuntime().halt(haltCode);
        }
    }

    /** Puts the previous handlers back. */
    @Override
    public void close() {
        previous.forEach((signal, handler) -> {
            try {
                Signal.handle(signal, handler);
            } catch (IllegalArgumentException e) {
                // cannot happen for a signal we handled; nothing to restore otherwise
            }
        });
        previous.clear();
    }
}
