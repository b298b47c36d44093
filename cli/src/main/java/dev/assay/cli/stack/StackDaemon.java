package dev.assay.cli.stack;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The background process of {@code assay up}: starts the local stack, records where it answers
 * ({@link StackState}), and keeps it until it is told to stop ({@code assay down} sends SIGTERM;
 * the stack's shutdown hook stops the services, the broker and PostgreSQL). Its services are
 * supervised like {@code assay run}'s; when one exhausts its restarts the daemon stops the whole
 * stack and exits 3, so {@code assay status} reports no stack rather than a broken one.
 */
public final class StackDaemon {

    private StackDaemon() {
    }

    public static void main(String[] args) throws InterruptedException {
        Path home = Path.of(args[0]).toAbsolutePath().normalize();
        Path logs = StackState.folder(home).resolve("logs");
        // runs and cached answers outlive the stack, as they outlive assay run (LocalData)
        LocalStack stack = LocalStack.create(home).keepingDataIn(LocalData.home(System.getenv()))
                .usingAotCaches(AotCaches.configured().orElse(null));
        stack.start(logs, LocalStack.DEFAULT_READY_TIMEOUT, StackDaemon::say);
        stack.onFailure(message -> {
            say(message + "; stopping the local stack");
            System.exit(3); // the exit code of an infrastructure failure (docs/cli.md); the hooks stop everything
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> StackState.remove(home), "assay-stack-state"));
        new StackState(stack.apiUrl(), ProcessHandle.current().pid(), logs.toString(), stack.kafkaBootstrapServers()).write(home);
        System.out.println("local stack up at " + stack.apiUrl());
        new CountDownLatch(1).await();
    }

    private static void say(String line) {
        System.out.println(java.time.LocalTime.now().withNano(0) + " " + line);
    }
}
