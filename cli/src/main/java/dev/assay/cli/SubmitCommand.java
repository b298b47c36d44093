package dev.assay.cli;

import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.ValidationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code assay submit BENCHMARK --config RUN.yaml [--server URL]}: queues a run and prints its id; follow it with watch. */
@Command(name = "submit", mixinStandardHelpOptions = true, description = "Submit a run to a server and print its run id.")
final class SubmitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOption server = new ServerOption();

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "the benchmark file")
    Path benchmark;

    @Option(names = "--config", required = true, paramLabel = "RUN.yaml", description = "the run config")
    Path config;

    @Option(names = "--answering", paramLabel = "INTERFACE:MODEL", description = "an answering model, replacing the config's (repeatable)")
    List<String> answering = new ArrayList<>();

    @Option(names = "--judge", paramLabel = "INTERFACE:MODEL", description = "a judge, replacing the config's (repeatable)")
    List<String> judges = new ArrayList<>();

    @Option(names = "--no-cache", description = "call every model afresh and store nothing in the response cache (docs/cache.md)")
    boolean noCache;

    /** A seam for tests; the default is the real thing. */
    Map<String, String> env = System.getenv();

    @Override
    public Integer call() {
        // the checks of assay run, for a server: no demo model there; before the server is reached.
        // The config is checked here; the benchmark's own text goes to the server, which checks it and the pair.
        RunPreparation.ConfigOnly prepared = RunPreparation.prepareConfig(config, answering, judges, env);
        RunConfig runConfig = RunConfigOverrides.noCache(prepared.config(), noCache);
        SubmitBody body = SubmitBody.of(benchmark, runConfig);
        String runId;
        if (body == null) {
            runId = submitChecked();
        } else {
            prepared.notes().forEach(note -> spec.commandLine().getErr().println("assay: " + note));
            try {
                runId = server.api().submit(body.text(), body.contentType());
            } catch (RuntimeException notTaken) {
                // Refused or not reached: the files are read and checked here, and their problems placed in them (as
                // assay validate places them). If they pass, a refused run goes again as this CLI writes it, whose
                // refusal is then the server's word; a server not reached is the error.
                RunPreparation.Prepared checked = checkedHere();
                if (!(notTaken instanceof ValidationException)) {
                    throw notTaken;
                }
                ValidRun run = checked.run();
                runId = server.api().submit(run.benchmark(), RunConfigOverrides.noCache(run.config(), noCache));
            }
        }
        spec.commandLine().getOut().println(runId);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    /** Both files read and checked here, then the run sent as JSON (a benchmark naming prompt files). */
    private String submitChecked() {
        RunPreparation.Prepared prepared = checkedHere();
        prepared.notes().forEach(note -> spec.commandLine().getErr().println("assay: " + note));
        ValidRun run = prepared.run();
        return server.api().submit(run.benchmark(), RunConfigOverrides.noCache(run.config(), noCache));
    }

    private RunPreparation.Prepared checkedHere() {
        return RunPreparation.prepare(benchmark, config, answering, judges, null, env, RunPreparation.Target.SERVER);
    }
}
