package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * What {@code assay retry} and {@code assay extend} share: they queue more jobs into a run that
 * exists, on a server ({@code --server}, or the stack of {@code assay up}), or else on a local stack
 * started for the purpose on the kept local data ({@code ASSAY_LOCAL_DATA}, docs/cli.md), which
 * follows the run to its end and writes its reports as {@code assay run} does.
 */
abstract class RequeueCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN", description = "the run id (assay run prints it; results/<run-id>/ is named after it)")
    String runId;

    @Option(names = "--server", paramLabel = "URL",
            description = "the Assay API holding the run (default: the stack of assay up if one runs, else a local stack on the kept local data)")
    String server;

    @Option(names = "--out", paramLabel = "DIR", description = "local stack: where reports and service logs go (default: results/<run-id>/)")
    Path out;

    @Option(names = "--no-cache", description = "the queued jobs call every model afresh and store nothing in the response cache "
            + "(docs/cache.md); the run's config keeps its own cache mode")
    boolean noCache;

    @Mixin
    VerdictOptions verdict = new VerdictOptions();

    /** Seams for tests; the defaults are the real thing. */
    Map<String, String> env = System.getenv();
    Boolean terminal;

    /** Queues the jobs; returns the service's answer ({@code RunRequeued}, docs/api.md). */
    abstract JsonNode requeue(RunApi api);

    /** What was done, for the line after it: "retry" or "extension". */
    abstract String what();

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        Optional<RunApi> remote = remote();
        if (remote.isPresent()) {
            stdout.println(describe(requeue(remote.get())) + "; follow it with assay watch " + runId);
            stdout.flush();
            return ExitCodes.OK;
        }
        RunCommand local = new RunCommand();
        local.spec = spec;
        local.out = out;
        local.verdict = verdict;
        local.env = env;
        local.terminal = terminal;
        return local.runOnLocalStack(api -> {
            stdout.println("assay: " + describe(requeue(api)));
            stdout.flush();
            return runId;
        }, null, stdout);
    }

    private String describe(JsonNode requeued) {
        return "run " + runId + ": " + what() + " queued " + requeued.path("queued_jobs").asInt() + " jobs ("
                + requeued.path("queued_results").asInt() + " of its " + requeued.path("expected_results").asInt() + " results)";
    }

    private Optional<RunApi> remote() {
        return ServerOption.serverOrStack(server);
    }
}
