package dev.assay.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;

/**
 * Shows {@link ProgressLine}s: on a terminal one line redrawn in place with {@code \r}; otherwise
 * (a log file, CI) a new line every few seconds, so logs stay readable.
 */
final class ProgressDisplay {

    static final Duration PLAIN_INTERVAL = Duration.ofSeconds(5);

    private final PrintWriter out;
    private final boolean terminal;
    private Instant lastPrinted;
    private int lastWidth;

    ProgressDisplay(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    void show(ProgressLine line, Instant now) {
        String text = line.format();
        if (terminal) {
            // pad over the end of a longer previous line
            out.print("\r" + text + " ".repeat(Math.max(0, lastWidth - text.length())));
            lastWidth = text.length();
            out.flush();
        } else if (lastPrinted == null || !now.isBefore(lastPrinted.plus(PLAIN_INTERVAL))) {
            out.println(text);
            out.flush();
            lastPrinted = now;
        }
    }

    /** The last reading, always shown, ending the line. */
    void finish(ProgressLine line) {
        if (terminal) {
            out.print("\r" + line.format() + " ".repeat(Math.max(0, lastWidth - line.format().length())));
            out.println();
        } else {
            out.println(line.format());
        }
        out.flush();
    }

    /** Whether standard output is an interactive terminal (Console.isTerminal on JDK 22+, else a console at all). */
    static boolean stdoutIsTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: System.console() is null unless attached to a terminal
        }
    }
}
