package dev.assay.cli;

import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.RunTarget;
import dev.assay.common.validation.SpecDocument;
import dev.assay.importers.BenchmarkImporter;
import dev.assay.importers.ImportResult;
import dev.assay.importers.ImportedFiles;
import dev.assay.importers.Importers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.concurrent.Callable;

/**
 * {@code assay import FORMAT PATH --out benchmark.yaml}: converts another tool's benchmark, prints
 * the report (converted, partly converted, skipped, with reasons), writes the benchmark and a
 * starter run.yaml beside it, and checks that the two load together, so what it wrote runs.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Convert a benchmark written for another tool into an Assay benchmark.",
                "See docs/importing.md for what converts, per format."})
final class ImportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FORMAT", completionCandidates = Formats.class,
            description = "the source format, one of: ${COMPLETION-CANDIDATES}")
    String format;

    @Parameters(index = "1", paramLabel = "PATH", description = "the file or folder to import")
    Path source;

    @Option(names = "--out", required = true, paramLabel = "BENCHMARK.yaml", description = "where to write the benchmark")
    Path out;

    @Option(names = "--config-out", paramLabel = "RUN.yaml",
            description = "where to write the starter run config (default: run.yaml beside --out; an existing one is kept)")
    Path configOut;

    @Option(names = "--no-config", description = "write the benchmark only")
    boolean noConfig;

    @Option(names = "--force", description = "overwrite an existing --out file")
    boolean force;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        BenchmarkImporter importer = Importers.standard().require(format);
        if (Files.exists(out) && !force) {
            throw new InvalidInputException(out + " exists; pass --force to overwrite it");
        }
        ImportResult result = importer.read(source);
        stdout.print(result.report().render());
        if (result.benchmark().questions().isEmpty()) {
            stdout.flush();
            throw new InvalidInputException("nothing was imported from " + source + ", so nothing was written");
        }
        Path config = noConfig ? null : configOut != null ? configOut : out.resolveSibling(RunCommand.DEFAULT_CONFIG_FILE);
        if (config != null && config.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
            throw new InvalidInputException("--out " + out + " is where the run config goes; name the benchmark otherwise "
                    + "or give --config-out");
        }
        boolean writesConfig = config != null && !Files.exists(config);
        ImportedFiles.write(result, out, config).forEach(stdout::println);
        // The round trip, checked: what was written loads (with the run config written beside it) and runs as assay run would run it.
        if (writesConfig) {
            RunSpecs.validate(SpecDocument.file(out), SpecDocument.file(config), RunTarget.localRun(System.getenv())).orThrow();
        } else {
            RunSpecs.validateBenchmark(SpecDocument.file(out)).orThrow();
        }
        boolean besideBenchmark = writesConfig && config.equals(out.resolveSibling(RunCommand.DEFAULT_CONFIG_FILE));
        stdout.println("Checked: " + out + (writesConfig ? " and " + config : "") + " load and validate. Run with: assay run "
                + out + (writesConfig && !besideBenchmark ? " --config " + config : ""));
        return ExitCodes.OK;
    }

    /** The formats picocli lists in the help text. */
    static final class Formats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Importers.standard().formats().iterator();
        }
    }
}
