package dev.assay.cli;

import dev.assay.cli.report.Reports;
import dev.assay.cli.report.RunData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code assay watch RUN_ID}: the progress line until the run is done, then its summary table, and
 * the exit code of {@code assay run} (results in error, {@code --min-pass-rate}).
 */
@Command(name = "watch", mixinStandardHelpOptions = true, description = "Follow a run until it is done, then print its summary.")
final class WatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOption server = new ServerOption();

    @Parameters(index = "0", paramLabel = "RUN_ID")
    String runId;

    @Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        RunApi api = server.api().onWait(line -> {
            out.println(line);
            out.flush();
        });
        RunWatcher.await(api, runId, out, ProgressDisplay.stdoutIsTerminal());
        out.println();
        RunData data = new RunData(runId, api.results(runId), api.scores(runId), api.statistics(runId), api.headline(runId));
        out.print(Reports.summaryTable(data, verdict.groupBy));
        out.flush();
        // the same gate as assay run, so CI can submit and watch instead of running in place
        return verdict.apply(data, out);
    }
}
