package dev.assay.cli.stack;

import dev.assay.localstack.ServiceProcess;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Keeps the local stack's services running: when a service's process ends while the stack is not
 * stopping, it is started again on its port with its configuration (the work it held is redelivered:
 * Kafka offsets are committed only after a record's output is acknowledged), saying so on the
 * console and in the service's log. A process that runs but whose liveness ({@code /q/health/live})
 * answers DOWN {@link #LIVENESS_FAILURES} times in a row, one check every liveness interval, is killed
 * and so restarted the same way (a consumer that died does not come back by itself; docs/cli.md,
 * "Supervision"). A service that exhausts its {@link RestartBudget} fails the stack.
 */
final class Supervisor {

    private final Duration readyTimeout;
    private final Consumer<String> status;
    private final BooleanSupplier stopping;
    private final Consumer<String> giveUp;
    private final java.util.function.Supplier<RestartBudget> budgets;
    private final Map<String, RestartBudget> budgetOf = new ConcurrentHashMap<>();
    // services between their process's end and being ready again
    private final Map<String, Boolean> restarting = new ConcurrentHashMap<>();
    // services whose process was killed because its liveness was down: its exit is said so
    private final Map<String, Boolean> unlive = new ConcurrentHashMap<>();
    private final Duration livenessInterval;

    /** How many liveness checks in a row must answer DOWN before the process is restarted. */
    static final int LIVENESS_FAILURES = 3;
    /** The local stack's liveness interval: DOWN for 3 checks 5 s apart (15 s) is a service that will not recover. */
    static final Duration LIVENESS_INTERVAL = Duration.ofSeconds(5);

    Supervisor(Duration readyTimeout, Consumer<String> status, BooleanSupplier stopping, Consumer<String> giveUp,
               java.util.function.Supplier<RestartBudget> budgets) {
        this(readyTimeout, status, stopping, giveUp, budgets, LIVENESS_INTERVAL);
    }

    Supervisor(Duration readyTimeout, Consumer<String> status, BooleanSupplier stopping, Consumer<String> giveUp,
               java.util.function.Supplier<RestartBudget> budgets, Duration livenessInterval) {
        this.readyTimeout = readyTimeout;
        this.status = status;
        this.stopping = stopping;
        this.giveUp = giveUp;
        this.budgets = budgets;
        this.livenessInterval = livenessInterval;
    }

    /** Watches the service's current process; call once it is ready. */
    void watch(ServiceProcess service) {
        // a thread of its own per process (see ServiceProcess.awaitExit for why not onExit())
        Thread.ofPlatform().daemon().name("assay-watch-" + service.name()).start(() -> {
            try {
                exited(service, service.awaitExit());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // nobody interrupts these threads; the JVM is ending
            }
        });
        long pid = service.pid();
        Thread.ofPlatform().daemon().name("assay-liveness-" + service.name()).start(() -> checkLiveness(service, pid));
    }

    /** Until process {@code pid} of the service ends: kills it once its liveness answered DOWN enough times in a row. */
    private void checkLiveness(ServiceProcess service, long pid) {
        int down = 0;
        try {
            while (!stopping.getAsBoolean() && service.isAlive() && service.pid() == pid) {
                Thread.sleep(livenessInterval.toMillis());
                // no answer (busy, restarting) is no verdict: only a DOWN answer counts
                java.util.Optional<Boolean> live = service.live(livenessInterval);
                if (live.isEmpty()) {
                    continue;
                }
                down = live.get() ? 0 : down + 1;
                if (down >= LIVENESS_FAILURES && !stopping.getAsBoolean() && service.pid() == pid) {
                    unlive.put(service.name(), Boolean.TRUE);
                    service.note("assay: " + service.name() + "'s liveness was DOWN in " + down + " checks in a row, "
                            + livenessInterval.toMillis() + " ms apart; killing it (pid " + pid + ") to restart it");
                    service.killCurrentProcess();
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nobody interrupts these threads; the JVM is ending
        }
    }

    boolean restarting(String service) {
        return restarting.containsKey(service);
    }

    boolean anyRestarting() {
        return !restarting.isEmpty();
    }

    private void exited(ServiceProcess service, int code) {
        if (stopping.getAsBoolean()) {
            return;
        }
        restarting.put(service.name(), Boolean.TRUE);
        RestartBudget budget = budgetOf.computeIfAbsent(service.name(), name -> budgets.get());
        if (!budget.take(Instant.now())) {
            String message = service.name() + " exited (code " + code + ") after " + budget.max() + " restarts within "
                    + minutes(budget.window()) + "; not restarting it again (log: " + service.log() + ")";
            service.note("assay: " + message);
            giveUp.accept(message);
            return;
        }
        String why = unlive.remove(service.name()) != null ? "'s liveness was down: it was killed" : " exited";
        String message = service.name() + why + " (code " + code + "); restarting it (restart " + budget.total() + ")";
        service.note("assay: " + message);
        status.accept(message);
        // off the process reaper's thread: a restart waits seconds for the service to be ready
        Thread.ofPlatform().daemon().name("assay-restart-" + service.name()).start(() -> restart(service));
    }

    private void restart(ServiceProcess service) {
        try {
            service.restart(readyTimeout);
        } catch (Exception e) {
            if (stopping.getAsBoolean()) {
                return;
            }
            // it died again while starting (or never got ready): that is one more exit, against the budget
            String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            service.note("assay: restarting " + service.name() + " failed: " + reason);
            exited(service, service.exitCode());
            return;
        }
        if (stopping.getAsBoolean()) {
            return;
        }
        restarting.remove(service.name());
        status.accept(service.name() + " is running again (pid " + service.pid() + ")");
        watch(service);
    }

    private static String minutes(Duration window) {
        long minutes = window.toMinutes();
        return minutes >= 1 ? minutes + (minutes == 1 ? " minute" : " minutes") : window.toSeconds() + " s";
    }
}
