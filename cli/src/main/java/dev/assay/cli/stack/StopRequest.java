package dev.assay.cli.stack;

import java.util.Optional;

/**
 * Why a command working on the local stack should stop waiting: a signal (Ctrl-C) or a failure of
 * the stack (a service that will not stay up). Either interrupts the command's thread while it
 * waits — for a service to start, for the run — and never afterwards, while it reads and writes
 * what the run has.
 */
public final class StopRequest {

    private final Thread runner;
    private boolean waiting = true;
    private String signal;
    private String failure;

    /** @param runner the thread to interrupt: the one that will call {@link #doneWaiting()} */
    public StopRequest(Thread runner) {
        this.runner = runner;
    }

    public synchronized void signalled(String name) {
        if (signal == null) {
            signal = name;
        }
        if (waiting) {
            runner.interrupt();
        }
    }

    public synchronized void failed(String message) {
        if (failure == null) {
            failure = message;
        }
        if (waiting) {
            runner.interrupt();
        }
    }

    /** Called by the runner: stops later requests from interrupting it, and clears one that raced this call. */
    public void doneWaiting() {
        synchronized (this) {
            waiting = false;
        }
        Thread.interrupted();
    }

    /** The signal that asked to stop ({@code INT}, {@code TERM}), if one did. */
    public synchronized Optional<String> signal() {
        return Optional.ofNullable(signal);
    }

    /** What failed in the stack, if something did. */
    public synchronized Optional<String> failure() {
        return Optional.ofNullable(failure);
    }
}
