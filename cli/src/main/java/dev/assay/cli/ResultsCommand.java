package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.cli.report.CsvWriter;
import dev.assay.common.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code assay results RUN_ID --format json|jsonl|csv}: a run's results on standard output. */
@Command(name = "results", mixinStandardHelpOptions = true, description = "Print a run's results as json, jsonl or csv.")
final class ResultsCommand implements Callable<Integer> {

    enum Format { json, jsonl, csv }

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOption server = new ServerOption();

    @Parameters(index = "0", paramLabel = "RUN_ID")
    String runId;

    @Option(names = "--format", defaultValue = "json", description = "json, jsonl or csv (default: ${DEFAULT-VALUE})")
    Format format;

    @Override
    public Integer call() throws Exception {
        List<JsonNode> results = server.api().results(runId);
        var out = spec.commandLine().getOut();
        switch (format) {
            case json -> out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(results));
            case jsonl -> results.forEach(result -> out.println(Json.write(result)));
            case csv -> out.print(CsvWriter.write(results));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
