package dev.assay.localstack;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Who holds a kept data folder (docs/cli.md, "Local data"): the process holding its lock file writes
 * its PID into it, and a server running on it names itself in {@code postmaster.pid}, so a second stack
 * can say which process has the folder instead of failing on it.
 */
final class LocalDataLock {

    /** Enough of a command line to recognize it. */
    private static final int COMMAND_SHOWN = 160;

    private LocalDataLock() {
    }

    /** The message for a folder another process holds. */
    static String inUse(Path home, String holder) {
        return "the local data folder " + home + " is in use by " + holder + "; stop it with `assay down` (or end that process), "
                + "or wait until it ends";
    }

    /** Writes this process's PID into the lock file it has just locked. */
    static void claim(FileChannel lock) throws IOException {
        lock.truncate(0);
        lock.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        lock.force(false);
    }

    /** The process named in a lock file another process holds: "process PID (command …)", or "another process". */
    static String holder(Path lockFile) {
        try {
            List<String> lines = Files.readAllLines(lockFile, StandardCharsets.US_ASCII);
            return lines.isEmpty() ? "another process" : describe(Long.parseLong(lines.getFirst().strip()));
        } catch (IOException | NumberFormatException e) {
            return "another process"; // written by a version that wrote no PID, or being written
        }
    }

    /** The PostgreSQL server still running on {@code dataDirectory}, described; null when none runs there. */
    static String runningServer(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        try {
            if (!Files.isRegularFile(pidFile)) {
                return null;
            }
            List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
            long pid = Long.parseLong(lines.getFirst().strip());
            boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            return alive && pid != ProcessHandle.current().pid() ? "a PostgreSQL server, " + describe(pid) : null;
        } catch (IOException | RuntimeException e) {
            return null; // no readable PID: PostgreSQL's own check decides
        }
    }

    static String describe(long pid) {
        String command = ProcessHandle.of(pid).flatMap(process -> process.info().commandLine()).orElse("?");
        if (command.length() > COMMAND_SHOWN) {
            command = command.substring(0, COMMAND_SHOWN) + "…";
        }
        return "process " + pid + " (" + command + ")";
    }
}
