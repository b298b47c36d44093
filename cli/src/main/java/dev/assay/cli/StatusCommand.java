package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.concurrent.Callable;

/** {@code assay status RUN_ID}: one line on where a run stands. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show where a run stands.")
final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOption server = new ServerOption();

    @Parameters(index = "0", paramLabel = "RUN_ID")
    String runId;

    @Override
    public Integer call() {
        JsonNode run = server.api().run(runId);
        var out = spec.commandLine().getOut();
        out.println(runId + " (" + run.path("name").asText("") + "): " + run.path("status").asText());
        out.println(ProgressLine.of(run, Duration.ZERO).format());
        if (InterruptedRun.STATUS.equals(run.path("status").asText())) {
            out.println(InterruptedRun.hint(runId));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
