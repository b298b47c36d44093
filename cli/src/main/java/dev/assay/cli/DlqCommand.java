package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.cli.stack.StackState;
import dev.assay.common.json.Json;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code assay dlq replay}: sends the records in {@code assay.dlq} back to the topics they were
 * dead-lettered from, through the generation service's {@code POST /api/dlq/replay} (docs/cli.md),
 * because where the command runs the cluster's broker is usually not reachable, its API is.
 */
@Command(name = "dlq", mixinStandardHelpOptions = true, description = "Work with the dead-letter topic (assay.dlq).",
        subcommands = DlqCommand.Replay.class)
final class DlqCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "replay", mixinStandardHelpOptions = true,
            description = {"Send dead-lettered records back to the topic they came from, once the cause is fixed.",
                    "Each record goes back once: a later replay takes only records dead-lettered since (or all, with "
                            + "--from-beginning). Replaying stores nothing twice."})
    static final class Replay implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        ServerOption server = new ServerOption();

        @Option(names = "--topic", paramLabel = "TOPIC",
                description = "replay only records dead-lettered from this topic, e.g. assay.results (default: every topic)")
        String topic;

        @Option(names = "--from-beginning", description = "replay every record in assay.dlq, also those earlier replays passed")
        boolean fromBeginning;

        @Override
        public Integer call() {
            List<String> query = new ArrayList<>();
            if (topic != null) {
                query.add("topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8));
            }
            if (fromBeginning) {
                query.add("from_beginning=true");
            }
            String baseUrl = baseUrl();
            String url = baseUrl + "/api/dlq/replay" + (query.isEmpty() ? "" : "?" + String.join("&", query));
            HttpResponse<String> response = post(baseUrl, url);
            JsonNode answer = parse(response);
            if (response.statusCode() == 400) {
                throw new InvalidInputException(answer.path("errors").path(0).asText(response.body()));
            }
            if (response.statusCode() != 200) {
                throw new IllegalStateException("the dead letters could not be replayed (HTTP " + response.statusCode() + "): "
                        + answer.path("errors").path(0).asText(response.body()));
            }
            var out = spec.commandLine().getOut();
            StringBuilder line = new StringBuilder("replayed " + answer.path("replayed").asInt() + " dead-lettered record(s)");
            List<String> topics = new ArrayList<>();
            answer.path("by_topic").properties().forEach(entry -> topics.add(entry.getKey() + " " + entry.getValue().asInt()));
            if (!topics.isEmpty()) {
                line.append(": ").append(String.join(", ", topics));
            }
            int passedOver = answer.path("passed_over").asInt();
            if (passedOver > 0) {
                line.append("; ").append(passedOver).append(" passed over (another topic, or no dead-letter-topic header)");
            }
            out.println(line);
            out.flush();
            return ExitCodes.OK;
        }

        /** What {@link ServerOption} resolves: {@code --server}, else the local stack of {@code assay up}. */
        private String baseUrl() {
            if (server.server != null) {
                return server.server.endsWith("/") ? server.server.substring(0, server.server.length() - 1) : server.server;
            }
            String home = System.getProperty("assay.home");
            return StackState.read(home == null ? Path.of(".") : Path.of(home))
                    .map(StackState::apiUrl)
                    .orElseThrow(() -> new InvalidInputException("no --server given and no local stack is running: "
                            + "start one with assay up, or give --server URL"));
        }

        private static HttpResponse<String> post(String baseUrl, String url) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            try {
                // the service reads the topic to its end and waits for the broker: allow it the time
                return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(2))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new IllegalStateException("the generation service at " + baseUrl + " did not answer: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while talking to the generation service", e);
            }
        }

        private static JsonNode parse(HttpResponse<String> response) {
            try {
                return Json.mapper().readTree(response.body());
            } catch (IOException e) {
                throw new IllegalStateException("the generation service answered HTTP " + response.statusCode()
                        + " with something that is not JSON: " + response.body(), e);
            }
        }
    }
}
