package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

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
            JsonNode answer = server.api().replayDeadLetters(topic, fromBeginning);
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
    }
}
