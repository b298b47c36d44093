package dev.assay.cli.stack;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The background process of {@code assay up}: starts the local stack, records where it answers
 * ({@link StackState}), and keeps it until it is told to stop ({@code assay down} sends SIGTERM;
 * the stack's shutdown hook stops the services, the broker and PostgreSQL).
 */
public final class StackDaemon {

    private StackDaemon() {
    }

    public static void main(String[] args) throws InterruptedException {
        Path home = Path.of(args[0]).toAbsolutePath().normalize();
        Path logs = StackState.folder(home).resolve("logs");
        LocalStack stack = LocalStack.start(home, logs, LocalStack.DEFAULT_READY_TIMEOUT, System.out::println);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> StackState.remove(home), "assay-stack-state"));
        new StackState(stack.apiUrl(), ProcessHandle.current().pid(), logs.toString()).write(home);
        System.out.println("local stack up at " + stack.apiUrl());
        new CountDownLatch(1).await();
    }
}
