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
 * console and in the service's log. A service that exhausts its {@link RestartBudget} fails the stack.
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

    Supervisor(Duration readyTimeout, Consumer<String> status, BooleanSupplier stopping, Consumer<String> giveUp,
               java.util.function.Supplier<RestartBudget> budgets) {
        this.readyTimeout = readyTimeout;
        this.status = status;
        this.stopping = stopping;
        this.giveUp = giveUp;
        this.budgets = budgets;
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
        String message = service.name() + " exited (code " + code + "); restarting it (restart " + budget.total() + ")";
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
