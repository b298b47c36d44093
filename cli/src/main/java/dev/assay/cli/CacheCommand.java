package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code assay cache stats|clear}: the response cache every stage shares (docs/cache.md), through
 * the generation service's {@code /api/cache} (a running {@code assay up} stack, or {@code --server}).
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

    @Command(name = "clear", mixinStandardHelpOptions = true, description = "Remove every cached answer; later calls go to the models.")
    static final class Clear implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        ServerOption server = new ServerOption();

        @Override
        public Integer call() {
            long cleared = server.api().clearCache();
            spec.commandLine().getOut().println("cleared " + cleared + " cached answers");
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }
}
