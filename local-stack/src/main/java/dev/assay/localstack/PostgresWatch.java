package dev.assay.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Stops this JVM's PostgreSQL server when this JVM ends without stopping it (kill -9, a crash, a halt):
 * pg_ctl detaches the server, so nothing else would, and an orphaned server holds the data directory the
 * next command needs (docs/cli.md, "Interrupting a run"). A small shell waits on its standard input, a
 * pipe from this JVM, which the kernel closes when this JVM ends however it ends; the shell then asks the
 * server named in the data directory's {@code postmaster.pid} for a fast shutdown (SIGINT: sessions
 * ended, a checkpoint, the data consistent), and deletes a temporary data directory once it has gone.
 * The shell ignores SIGINT, SIGTERM and SIGHUP (Ctrl-C reaches the whole process group); a clean stop
 * kills it first ({@link #cancel()}). Without {@code /bin/sh} (Windows) there is no watch.
 */
final class PostgresWatch {

    private static final String SCRIPT = """
            trap '' INT TERM HUP
            while read -r _; do :; done
            pid=$(head -n 1 "$0/postmaster.pid" 2>/dev/null) || exit 0
            [ -n "$pid" ] || exit 0
            kill -INT "$pid" 2>/dev/null || exit 0
            while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
            [ "$1" = delete ] && rm -rf "$0"
            exit 0
            """;

    private final Process shell;

    private PostgresWatch(Process shell) {
        this.shell = shell;
    }

    /**
     * Watches the server on {@code dataDirectory}; {@code temporary}: the directory is deleted after the
     * server stopped. Null when no watch can run here (no {@code /bin/sh}, or it would not start).
     */
    static PostgresWatch start(Path dataDirectory, boolean temporary) {
        if (!Files.isExecutable(Path.of("/bin/sh"))) {
            return null;
        }
        try {
            Process shell = new ProcessBuilder("/bin/sh", "-c", SCRIPT, dataDirectory.toAbsolutePath().toString(),
                    temporary ? "delete" : "keep")
                    .redirectInput(ProcessBuilder.Redirect.PIPE)
                    // nothing to say, and an output pipe to a JVM that is gone would end it early (SIGPIPE)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return new PostgresWatch(shell);
        } catch (IOException e) {
            System.err.println("assay local-stack: PostgreSQL will not be stopped should this process be killed: " + e.getMessage());
            return null;
        }
    }

    /** The watching shell's PID (for tests that check it goes with the server). */
    long pid() {
        return shell.pid();
    }

    /** Before a clean stop: the watch ends without touching the server. */
    void cancel() {
        try {
            shell.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
