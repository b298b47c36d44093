package dev.assay.cli.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What {@code assay run} leaves behind when a run ends: the files of docs/cli.md ("What assay run writes"), and the terminal table. */
public final class Reports {

    // A plain mapper: the records are already JSON trees, so no naming strategy or modules apply.
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Reports() {
    }

    /**
     * Writes results.json, results.jsonl, results.csv, scores.json, statistics.json, run.json, junit.xml and
     * report.html into {@code outDir} (created when missing, files replaced) and returns their paths
     * in that order. scores.json and statistics.json are the server's documents as served; they are
     * left out when the data has none (a report made from results alone), and so is run.json (the run's
     * headline: benchmark name and config), which {@code assay report} reads back when it lies beside results.json.
     */
    public static List<Path> writeAll(Path outDir, RunData data) {
        try {
            Files.createDirectories(outDir);
            List<Path> written = new ArrayList<>();
            written.add(write(outDir.resolve("results.json"), pretty(data.results())));
            StringBuilder lines = new StringBuilder();
            for (var result : data.results()) {
                // a compact tree never holds a raw line break (JSON escapes them in strings), so one record stays one line
                lines.append(MAPPER.writeValueAsString(result)).append('\n');
            }
            written.add(write(outDir.resolve("results.jsonl"), lines.toString()));
            written.add(write(outDir.resolve("results.csv"), CsvWriter.write(data.results())));
            if (data.scores() != null) {
                written.add(write(outDir.resolve("scores.json"), pretty(data.scores())));
            }
            if (data.statistics() != null) {
                written.add(write(outDir.resolve("statistics.json"), pretty(data.statistics())));
            }
            if (data.run() != null) {
                written.add(write(outDir.resolve("run.json"), pretty(data.run())));
            }
            written.add(write(outDir.resolve("junit.xml"), JunitXmlWriter.write(data)));
            written.add(write(outDir.resolve("report.html"), HtmlReport.write(data)));
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the reports to " + outDir + ": " + e.getMessage(), e);
        }
    }

    /** The per model × judge table printed at the end of a run. */
    public static String summaryTable(RunData data) {
        return SummaryTable.render(data);
    }

    /** The table printed at the end of a run, grouped as {@code --group-by} asks. */
    public static String summaryTable(RunData data, Grouping grouping) {
        return SummaryTable.render(data, grouping);
    }

    private static String pretty(Object value) throws IOException {
        return MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value) + "\n";
    }

    private static Path write(Path file, String text) throws IOException {
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
