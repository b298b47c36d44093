package dev.assay.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.cli.report.HtmlReport;
import dev.assay.cli.report.RunData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code assay report RESULTS.json}: report.html for any run's results — written by {@code assay run},
 * printed by {@code assay results}, or a page of {@code GET /api/runs/{id}/results}. scores.json,
 * statistics.json and run.json beside it are used when present.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write report.html for a run's results (results.json, results.jsonl, or a page of the results API).")
final class ReportCommand implements Callable<Integer> {

    /** Lenient: results from a newer server keep fields this CLI does not know; the report shows them as JSON. */
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS.json", description = "the run's results")
    Path resultsFile;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write the report (default: report.html beside RESULTS.json)")
    Path out;

    @Override
    public Integer call() throws IOException {
        List<JsonNode> results = results(resultsFile);
        Path folder = resultsFile.toAbsolutePath().getParent();
        String runId = results.get(0).path("run_id").asText("unknown run");
        RunData data = new RunData(runId, results, sibling(folder, "scores.json"), sibling(folder, "statistics.json"),
                sibling(folder, "run.json"));
        Path target = out != null ? out : folder.resolve("report.html");
        if (target.toAbsolutePath().getParent() != null) {
            Files.createDirectories(target.toAbsolutePath().getParent());
        }
        Files.writeString(target, HtmlReport.write(data));
        var stdout = spec.commandLine().getOut();
        stdout.println("wrote " + target);
        stdout.flush();
        return ExitCodes.OK;
    }

    private static List<JsonNode> results(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + ": " + (Files.exists(file) ? "is not a file" : "not found"));
        }
        String text = Files.readString(file);
        List<JsonNode> results = new ArrayList<>();
        try {
            JsonNode tree = JSON.readTree(text);
            JsonNode list = tree != null && tree.isObject() && tree.has("results") ? tree.get("results") : tree;
            if (list != null && list.isArray()) {
                list.forEach(results::add);
            } else if (list != null && list.isObject()) {
                // JSON lines: one result per line
                int line = 0;
                for (String row : text.split("\n")) {
                    line++;
                    if (!row.isBlank()) {
                        results.add(readLine(file, row, line));
                    }
                }
            } else {
                throw new InvalidInputException(file + ": expected a JSON array of results (results.json), JSON lines "
                        + "(results.jsonl) or a page of the results API");
            }
        } catch (JsonProcessingException e) {
            if (text.strip().startsWith("{")) {
                int line = 0;
                for (String row : text.split("\n")) {
                    line++;
                    if (!row.isBlank()) {
                        results.add(readLine(file, row, line));
                    }
                }
            } else {
                throw new InvalidInputException(file + ": not valid JSON: " + e.getOriginalMessage()
                        + " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
            }
        }
        if (results.isEmpty()) {
            throw new InvalidInputException(file + ": holds no results");
        }
        for (int i = 0; i < results.size(); i++) {
            if (!results.get(i).isObject() || !results.get(i).has("result_id")) {
                throw new InvalidInputException(file + ": result " + (i + 1) + " is not a result (no result_id)");
            }
        }
        return results;
    }

    private static JsonNode readLine(Path file, String row, int line) {
        try {
            return JSON.readTree(row);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file + ":" + line + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static JsonNode sibling(Path folder, String name) throws IOException {
        Path file = folder.resolve(name);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file + ": not valid JSON: " + e.getOriginalMessage());
        }
    }
}
