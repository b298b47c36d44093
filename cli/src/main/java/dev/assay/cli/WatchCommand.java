package dev.assay.cli;

import dev.assay.cli.report.Reports;
import dev.assay.cli.report.RunData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code assay watch RUN_ID}: the progress line until the run is done, then its summary table. */
@Command(name = "watch", mixinStandardHelpOptions = true, description = "Follow a run until it is done, then print its summary.")
final class WatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOption server = new ServerOption();

    @Parameters(index = "0", paramLabel = "RUN_ID")
    String runId;

    @Override
    public Integer call() {
        RunApi api = server.api();
        var out = spec.commandLine().getOut();
        RunWatcher.await(api, runId, out, ProgressDisplay.stdoutIsTerminal());
        out.println();
        out.print(Reports.summaryTable(new RunData(runId, api.results(runId), api.scores(runId), api.statistics(runId))));
        out.flush();
        return ExitCodes.OK;
    }
}
