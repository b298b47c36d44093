package dev.assay.testsupport;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Freezes the shared PostgreSQL server ({@link PostgresResource}) as a hung host or a stalled disk would:
 * SIGSTOP to the postmaster and every process under it, SIGCONT to thaw. Unlike
 * {@link PostgresResource#suspend()} nothing is refused or closed: open connections stay up and their
 * queries hang, new connections are taken into the kernel's backlog and wait for their handshake, and
 * after the thaw every one of them goes on where it stood (docs/testing.md, Outages).
 *
 * <p>The server is found by its port among this machine's processes ({@code postgres … -p PORT}); run as
 * root, zonky starts it in a user namespace as {@code nobody}, which root may still signal. Always
 * {@link #thaw()} in a {@code finally}: the test classes after this one use the same server.
 */
public final class PostgresFreeze {

    /** What {@link #freeze()} stopped, for {@link #thaw()}. */
    private static volatile List<Long> frozen = List.of();

    private PostgresFreeze() {
    }

    /**
     * Stops the server's processes; returns their PIDs (postmaster first). The postmaster is stopped
     * before its children are listed, so it can start no process that would be missed.
     *
     * @throws IllegalStateException if no postmaster listens on the shared server's port, or a signal fails
     */
    public static List<Long> freeze() {
        int port = URI.create(PostgresResource.jdbcUrl().substring("jdbc:".length())).getPort();
        ProcessHandle postmaster = postmaster(port);
        signal("STOP", List.of(postmaster.pid()));
        List<Long> stopped = new ArrayList<>(List.of(postmaster.pid()));
        List<Long> children = postmaster.descendants().map(ProcessHandle::pid).toList();
        if (!children.isEmpty()) {
            signal("STOP", children);
            stopped.addAll(children);
        }
        frozen = List.copyOf(stopped);
        return frozen;
    }

    /** Lets the {@linkplain #freeze() frozen} processes run again; does nothing when none are frozen. */
    public static void thaw() {
        List<Long> pids = frozen;
        frozen = List.of();
        if (!pids.isEmpty()) {
            signal("CONT", pids.stream().filter(pid -> ProcessHandle.of(pid).isPresent()).toList());
        }
    }

    private static ProcessHandle postmaster(int port) {
        String portArg = Integer.toString(port);
        return ProcessHandle.allProcesses()
                .filter(process -> process.info().command().orElse("").endsWith("/postgres"))
                .filter(process -> {
                    List<String> args = Arrays.asList(process.info().arguments().orElse(new String[0]));
                    int flag = args.indexOf("-p");
                    return flag >= 0 && flag + 1 < args.size() && args.get(flag + 1).equals(portArg);
                })
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no postgres process with '-p " + port
                        + "' found: the shared PostgreSQL server is not running here (PostgresResource.jdbcUrl() starts it)"));
    }

    private static void signal(String signal, List<Long> pids) {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(kill.getInputStream().readAllBytes());
            // a backend that ended meanwhile (its client went) is no failure: it has nothing left to freeze
            boolean onlyGone = output.lines().allMatch(line -> line.contains("No such process"));
            if (!kill.waitFor(30, TimeUnit.SECONDS) || kill.exitValue() != 0 && !onlyGone) {
                throw new IllegalStateException("kill -" + signal + " " + pids.stream().map(String::valueOf)
                        .collect(Collectors.joining(" ")) + " failed: " + output.strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not run kill -" + signal + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal, e);
        }
    }
}
