package dev.assay.cli.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** What {@code assay run} leaves behind when a run ends: the files of docs/cli.md ("What assay run writes"), and the terminal table. */
public final class Reports {

    // A plain mapper: the records are already JSON trees, so no naming strategy or modules apply.
    private static final ObjectMapper MAPPER = new ObjectMapper();
    // writes into a file this class closes itself, after the final line break
    private static final ObjectWriter PRETTY = MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT)
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private Reports() {
    }

    /**
     * Writes results.json, results.jsonl, results.csv, scores.json, statistics.json, run.json, junit.xml and
     * report.html into {@code outDir} (created when missing, files replaced) and returns their paths
     * in that order. scores.json and statistics.json are the server's documents as served; they are
     * left out when the data has none (a report made from results alone), and so is run.json (the run's
     * headline: benchmark name and config), which {@code assay report} reads back when it lies beside results.json.
     *
     * <p>Each file is written as it is made, never held whole (report.html of a 5,000-result run is
     * about 30 MB of text), and the two largest, report.html and results.json, each on a thread of its own
     * beside the others.
     * Each result is written as compact JSON once, for results.jsonl and report.html's data alike.
     */
    public static List<Path> writeAll(Path outDir, RunData data) {
        try {
            Files.createDirectories(outDir);
            // the two largest files each on a thread of their own, beside the rest: a run's end has the cores to spare
            CompletableFuture<Path> json = beside("assay-report-json", () -> write(outDir.resolve("results.json"), out -> {
                PRETTY.writeValue(out, data.results());
                out.write('\n');
            }));
            CompletableFuture<Path> report = CompletableFuture.completedFuture(null);
            List<Path> written = new ArrayList<>();
            try {
                List<String> compact = compact(data.results());
                report = beside("assay-report-html", () -> write(outDir.resolve("report.html"), out -> HtmlReport.write(data, compact, out)));
                written.add(write(outDir.resolve("results.jsonl"), out -> {
                    // a compact tree never holds a raw line break (JSON escapes them in strings), so one record stays one line
                    for (String line : compact) {
                        out.write(line);
                        out.write('\n');
                    }
                }));
                written.add(write(outDir.resolve("results.csv"), out -> out.write(CsvWriter.write(data.results()))));
                if (data.scores() != null) {
                    written.add(writePretty(outDir.resolve("scores.json"), data.scores()));
                }
                if (data.statistics() != null) {
                    written.add(writePretty(outDir.resolve("statistics.json"), data.statistics()));
                }
                if (data.run() != null) {
                    written.add(writePretty(outDir.resolve("run.json"), data.run()));
                }
                written.add(write(outDir.resolve("junit.xml"), out -> out.write(JunitXmlWriter.write(data))));
            } finally {
                // both are complete (or failed) before this returns, whatever happened to the others
                CompletableFuture.allOf(json, report).exceptionally(failure -> null).join();
                written.add(0, joined(json));
                written.add(joined(report));
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the reports to " + outDir + ": " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("writing the reports to " + outDir + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    /** What writes one file, on a thread of its own. */
    private interface FileTask {
        Path run() throws IOException;
    }

    private static CompletableFuture<Path> beside(String thread, FileTask task) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return task.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, runnable -> Thread.ofPlatform().name(thread).start(runnable));
    }

    /** The per model × judge table printed at the end of a run. */
    public static String summaryTable(RunData data) {
        return SummaryTable.render(data);
    }

    /** The table printed at the end of a run, grouped as {@code --group-by} asks. */
    public static String summaryTable(RunData data, Grouping grouping) {
        return SummaryTable.render(data, grouping);
    }

    /** Each result as one line of compact JSON, as results.jsonl holds it. */
    static List<String> compact(List<JsonNode> results) throws IOException {
        List<String> lines = new ArrayList<>(results.size());
        for (JsonNode result : results) {
            lines.add(MAPPER.writeValueAsString(result));
        }
        return lines;
    }

    private static Path joined(CompletableFuture<Path> task) {
        try {
            return task.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    private static Path writePretty(Path file, JsonNode value) throws IOException {
        return write(file, out -> {
            PRETTY.writeValue(out, value);
            out.write('\n');
        });
    }

    /** What writes one file's text. */
    interface Text {
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes the file as UTF-8, replacing it. The encoder reports what UTF-8 cannot encode (a lone
     * surrogate) instead of replacing it, as {@link Files#writeString} does.
     */
    private static Path write(Path file, Text text) throws IOException {
        try (Writer out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8.newEncoder()),
                1 << 16)) {
            text.writeTo(out);
        }
        return file;
    }
}
