package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import dev.assay.cli.stack.LocalCacheClear;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code assay cache stats|clear}: the response cache every stage shares (docs/cache.md), through
 * the generation service's {@code /api/cache} (a running {@code assay up} stack, or {@code --server});
 * {@code clear} with neither works on the kept local data itself.
 */
@Command(name = "cache", mixinStandardHelpOptions = true, description = "Work with the response cache of model calls.",
        subcommands = {CacheCommand.Stats.class, CacheCommand.Clear.class})
final class CacheCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "stats", mixinStandardHelpOptions = true, description = "How many answers are cached, how often they were used, what that saved.")
    static final class Stats implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        ServerOption server = new ServerOption();

        @Override
        public Integer call() {
            JsonNode stats = server.api().cacheStats();
            var out = spec.commandLine().getOut();
            if (!stats.path("enabled").asBoolean()) {
                out.println("no response cache: the generation service has no cache store (assay.cache.jdbc-url, docs/cache.md)");
            } else {
                out.println(stats.path("entries").asLong() + " cached answers, served " + stats.path("hits").asLong()
                        + " times, saving $" + stats.path("saved_usd").asText("0") + " (of calls whose model has prices)");
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = {"Remove cached answers: every one, or those one run stored, or one model's; later such calls go to the models.",
                    "Through the stack of assay up or --server URL; with neither, on the kept local data (ASSAY_LOCAL_DATA) directly."})
    static final class Clear implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--server", paramLabel = "URL",
                description = "the Assay API whose cache to clear (default: the stack of assay up if one runs, else the local data)")
        String server;

        @Option(names = "--run", paramLabel = "RUN", description = "only the answers this run stored (the calls it paid for)")
        String run;

        @Option(names = "--model", paramLabel = "KEY",
                description = "only this model's answers, by its key as results show it (interface:model, or interface:model:id)")
        String model;

        /** Seam for tests; the default is the real thing. */
        Map<String, String> env = System.getenv();

        @Override
        public Integer call() {
            String what = (run == null ? "" : " of run " + run) + (model == null ? "" : " of model " + model);
            var out = spec.commandLine().getOut();
            Optional<RunApi> api = ServerOption.serverOrStack(server);
            if (api.isPresent()) {
                out.println("cleared " + api.get().clearCache(run, model) + " cached answers" + what);
            } else {
                LocalCacheClear.Cleared cleared = LocalCacheClear.clear(env, run, model);
                out.println("cleared " + cleared.count() + " cached answers" + what + " (" + cleared.note() + ")");
            }
            out.flush();
            return ExitCodes.OK;
        }
    }
}
