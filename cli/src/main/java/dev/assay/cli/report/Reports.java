package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Placeholder for the report writers being built separately (dev.assay.cli.report): writes
 * results.json, scores.json and statistics.json and a plain summary. The real class replaces this
 * one at merge with the same two entry points.
 */
public final class Reports {

    private Reports() {
    }

    /** Writes the run's reports into {@code outDir}; returns the files written. */
    public static List<Path> writeAll(Path outDir, RunData data) {
        try {
            Files.createDirectories(outDir);
            Path results = Files.writeString(outDir.resolve("results.json"), Json.writePretty(data.results()));
            Path scores = Files.writeString(outDir.resolve("scores.json"), Json.writePretty(data.scores()));
            Path statistics = Files.writeString(outDir.resolve("statistics.json"), Json.writePretty(data.statistics()));
            return List.of(results, scores, statistics);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the reports to " + outDir + ": " + e.getMessage(), e);
        }
    }

    /** One line per answering model × judge: results and template pass rate. */
    public static String summaryTable(RunData data) {
        StringBuilder table = new StringBuilder(String.format("%-30s %-30s %8s %10s%n", "answering model", "judge", "results", "pass rate"));
        for (JsonNode group : data.scores().path("groups")) {
            JsonNode rate = group.path("template_pass_rate");
            table.append(String.format("%-30s %-30s %8d %10s%n", group.path("answering_model").asText(),
                    group.path("judge").asText(), group.path("results").asInt(),
                    rate.isNumber() ? String.format("%.1f%%", rate.asDouble() * 100) : "-"));
        }
        return table.toString();
    }
}
