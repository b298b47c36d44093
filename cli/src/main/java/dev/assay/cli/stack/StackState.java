package dev.assay.cli.stack;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.json.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The local stack kept running by {@code assay up}: where its API answers, which process holds it and
 * where its Kafka broker listens (for a producer of the stack's topics, docs/cli.md), in
 * {@code <assay home>/.assay/stack.json} (never committed).
 *
 * @param kafkaBootstrapServers the broker's {@code 127.0.0.1:PORT}; null in a file an older version wrote
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StackState(String apiUrl, long pid, String logDir, String kafkaBootstrapServers) {

    public static Path folder(Path home) {
        return home.resolve(".assay");
    }

    static Path file(Path home) {
        return folder(home).resolve("stack.json");
    }

    /** The state of a stack whose process is still alive; a stale file (the process is gone) is removed. */
    public static Optional<StackState> read(Path home) {
        Path file = file(home);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            StackState state = Json.read(Files.readString(file, StandardCharsets.UTF_8), StackState.class);
            if (ProcessHandle.of(state.pid()).map(ProcessHandle::isAlive).orElse(false)) {
                return Optional.of(state);
            }
            Files.deleteIfExists(file);
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * After a call to this stack's API failed: false when the API answers, so the failure is the
     * answer; else waits until it is ready again (the background process restarts a service that went
     * down) and returns true, to call again.
     *
     * @throws StackStartException when the stack's process is gone, or its API is not back within {@code timeout}
     */
    public boolean awaitApiBack(Duration timeout) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(apiUrl + "/q/health/ready")).timeout(Duration.ofSeconds(5)).build();
        Instant deadline = Instant.now().plus(timeout);
        for (boolean first = true; ; first = false) {
            if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                throw new StackStartException("the stack of assay up stopped (its log: " + logDir + ")", null);
            }
            try {
                if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return !first;
                }
            } catch (IOException e) {
                // not listening (yet): the service is restarting
            }
            if (Instant.now().isAfter(deadline)) {
                throw new StackStartException("the stack of assay up did not answer again within " + timeout.toSeconds()
                        + " s (its log: " + logDir + ")", null);
            }
            Thread.sleep(200);
        }
    }

    void write(Path home) {
        try {
            Files.createDirectories(folder(home));
            Path temporary = folder(home).resolve("stack.json.tmp");
            Files.writeString(temporary, Json.write(this), StandardCharsets.UTF_8);
            // readers see the whole file or none
            Files.move(temporary, file(home), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void remove(Path home) {
        try {
            Files.deleteIfExists(file(home));
        } catch (IOException ignored) {
            // the next read finds the process gone and removes it
        }
    }
}
