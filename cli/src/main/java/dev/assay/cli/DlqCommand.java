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
 * {@code assay dlq list|show|replay}: lists and reads the records in {@code assay.dlq} and sends them
 * back to the topics they were dead-lettered from, through the generation service's
 * {@code GET /api/dead-letters} and {@code POST /api/dlq/replay} (docs/cli.md), because where the
 * command runs the cluster's broker is usually not reachable, its API is.
 */
@Command(name = "dlq", mixinStandardHelpOptions = true, description = "Work with the dead-letter topic (assay.dlq).",
        subcommands = {DlqCommand.ListLetters.class, DlqCommand.Show.class, DlqCommand.Replay.class})
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

        @Option(names = "--include-failed-replays",
                description = "also replay records that failed again after an earlier replay (passed over by default, so a "
                        + "record that keeps failing is not replayed in a loop)")
        boolean includeFailedReplays;

        @Override
        public Integer call() {
            JsonNode answer = server.api().replayDeadLetters(topic, fromBeginning, includeFailedReplays);
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
            int failedAgain = answer.path("failed_again").asInt();
            if (failedAgain > 0) {
                line.append("; ").append(failedAgain).append(" passed over that failed again after an earlier replay "
                        + "(assay dlq list shows them; --from-beginning --include-failed-replays replays them too)");
            }
            out.println(line);
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the dead letters, newest last: where each is in assay.dlq (PARTITION:OFFSET), when it was "
                    + "dead-lettered, where it came from, its size, the replays it failed again after, the reason and the "
                    + "start of its value.", "assay dlq show PARTITION:OFFSET prints one whole."})
    static final class ListLetters implements Callable<Integer> {

        /** The widest a reason or a value's start is shown in the table. */
        static final int REASON_WIDTH = 80;
        static final int VALUE_WIDTH = 60;

        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        ServerOption server = new ServerOption();

        @Option(names = "--topic", paramLabel = "TOPIC", description = "only records dead-lettered from this topic, e.g. assay.jobs")
        String topic;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50", description = "the newest N records (default: ${DEFAULT-VALUE})")
        int limit;

        @Override
        public Integer call() {
            if (limit < 1) {
                throw new InvalidInputException("--limit: must be at least 1, got " + limit);
            }
            JsonNode answer = server.api().deadLetters(topic, limit);
            var out = spec.commandLine().getOut();
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode letter : answer.path("dead_letters")) {
                JsonNode origin = letter.path("origin");
                int replays = letter.path("replays").asInt();
                rows.add(List.of(letter.path("partition").asText() + ":" + letter.path("offset").asText(),
                        letter.path("time").asText(""),
                        origin.path("topic").isMissingNode() || origin.path("topic").isNull() ? "?"
                                : origin.path("topic").asText() + "-" + origin.path("partition").asText() + "@" + origin.path("offset").asText(),
                        letter.path("size_bytes").asText() + " B" + (letter.path("envelope").asBoolean() ? " (envelope)" : ""),
                        replays == 0 ? "-" : "failed again after " + replays,
                        cell(letter.path("reason").asText(""), REASON_WIDTH),
                        cell(letter.path("value_prefix").asText(""), VALUE_WIDTH)
                                + ("base64".equals(letter.path("value_encoding").asText()) ? " (base64)" : "")));
            }
            long total = answer.path("total").asLong();
            if (rows.isEmpty()) {
                out.println(topic == null ? "no dead letters in assay.dlq" : "no dead letters from " + topic + " in assay.dlq");
            } else {
                out.print(dev.assay.cli.report.SummaryTable.align(List.of("AT", "TIME", "FROM", "SIZE", "REPLAYS", "REASON", "VALUE"),
                        rows, java.util.Set.of(0, 1, 2, 4, 5, 6)));
                out.println(rows.size() + " of " + total + " dead letter(s)" + (topic == null ? "" : " from " + topic)
                        + "; assay dlq show PARTITION:OFFSET prints one whole");
            }
            out.flush();
            return ExitCodes.OK;
        }

        /** One line, no control characters (a terminal must not be steered by a record's bytes), at most {@code width}. */
        static String cell(String text, int width) {
            String line = text.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
            return line.length() > width ? line.substring(0, width - 1) + "…" : line;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Print one dead letter whole: where it came from, why, its headers and its value.")
    static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @CommandLine.Mixin
        ServerOption server = new ServerOption();

        @CommandLine.Parameters(paramLabel = "PARTITION:OFFSET", description = "where the record is in assay.dlq, as assay dlq list shows it")
        String at;

        @Override
        public Integer call() {
            String[] parts = at.split(":", -1);
            int partition;
            long offset;
            try {
                if (parts.length != 2) {
                    throw new NumberFormatException();
                }
                partition = Integer.parseInt(parts[0].strip());
                offset = Long.parseLong(parts[1].strip());
            } catch (NumberFormatException e) {
                throw new InvalidInputException("PARTITION:OFFSET: expected two numbers such as 0:12 (as assay dlq list shows), got \"" + at + "\"");
            }
            JsonNode letter = server.api().deadLetter(partition, offset);
            var out = spec.commandLine().getOut();
            JsonNode origin = letter.path("origin");
            out.println("at:       assay.dlq " + partition + ":" + offset);
            out.println("time:     " + letter.path("time").asText(""));
            out.println("from:     " + (origin.path("topic").isMissingNode() || origin.path("topic").isNull() ? "?"
                    : origin.path("topic").asText() + " partition " + origin.path("partition").asText() + " offset "
                    + origin.path("offset").asText()));
            out.println("key:      " + letter.path("key").asText(""));
            out.println("reason:   " + letter.path("reason").asText(""));
            int replays = letter.path("replays").asInt();
            if (replays > 0) {
                out.println("replays:  failed again after " + replays + " replay(s)");
            }
            out.println("size:     " + letter.path("size_bytes").asText() + " bytes"
                    + (letter.path("envelope").asBoolean() ? " (an envelope: the value was too large to dead-letter whole)" : ""));
            out.println("headers:");
            letter.path("headers").properties().forEach(header -> out.println("  " + printable(header.getKey()) + ": "
                    + printable(header.getValue().asText())));
            String encoding = letter.path("value_encoding").asText("utf-8");
            out.println("value (" + encoding + (letter.path("truncated").asBoolean() ? ", truncated" : "") + "):");
            out.println(printable(letter.path("value").asText("")));
            out.flush();
            return ExitCodes.OK;
        }

        /** The text with its lines and tabs, other control characters as U+FFFD: a record's bytes must not steer the terminal. */
        static String printable(String text) {
            return text.replaceAll("[\\p{Cntrl}&&[^\\n\\t]]", "\uFFFD");
        }
    }
}
