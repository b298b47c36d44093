package dev.assay.importers.lve;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ManualAnswer;
import dev.assay.importers.BenchmarkImporter;
import dev.assay.importers.ImportEntry;
import dev.assay.importers.ImportException;
import dev.assay.importers.ImportReport;
import dev.assay.importers.ImportResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code assay import lve PATH}: an LVE repository (github.com/lve-org/lve), or any folder in one.
 * Every {@code test.json} under PATH is a test; every line of its {@code instances/*.jsonl} a
 * recorded run, which becomes one question: the test's prompt with the run's prompt parameters,
 * the test's checker as the {@code checker} trait (when it translates), the recorded response
 * as the question's manual answer. Running the starter config re-checks the recordings offline;
 * each question's {@code metadata.lve.recorded_passed} is LVE's verdict to compare with.
 * The LVE section of docs/importing.md lists what converts and what does not.
 */
public final class LveImporter implements BenchmarkImporter {

    public static final String FORMAT = "lve";

    private final CheckerTranslators translators;

    public LveImporter() {
        this(CheckerTranslators.standard());
    }

    LveImporter(CheckerTranslators translators) {
        this.translators = translators;
    }

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String description() {
        return "an LVE repository or a folder in one: each recorded instance of a test.json becomes a question, "
                + "its response a manual answer, its checker a trait";
    }

    @Override
    public ImportResult read(Path source) {
        if (!Files.exists(source)) {
            throw new ImportException("cannot import " + source + ": no such folder");
        }
        if (!Files.isDirectory(source)) {
            throw new ImportException("cannot import " + source + ": not a folder (give an LVE repository or a folder in one)");
        }
        List<Path> tests = testFiles(source);
        if (tests.isEmpty()) {
            throw new ImportException("cannot import " + source + ": no test.json under it, so it is not an LVE repository");
        }
        List<Question> questions = new ArrayList<>();
        Map<String, ManualAnswer> answers = new LinkedHashMap<>();
        List<ImportEntry> entries = new ArrayList<>();
        RecordingNotes notes = new RecordingNotes();
        InstanceConverter converter = new InstanceConverter(translators);
        for (Path testJson : tests) {
            String folder = relative(source, testJson.getParent());
            String testSource = folder.isEmpty() ? "test.json" : folder + "/test.json";
            LveTest test;
            AssayPrompt prompt;
            try {
                test = LveTestReader.read(testJson, folder);
                prompt = PromptConverter.convert(test.prompt());
            } catch (Untranslatable e) {
                entries.add(ImportEntry.skipped(testSource, e.getMessage()));
                continue;
            }
            List<InstanceReader.Line> lines = new ArrayList<>();
            try {
                for (Path file : InstanceReader.files(test.directory())) {
                    lines.addAll(InstanceReader.read(file, relative(source, file)));
                }
            } catch (Untranslatable e) {
                entries.add(ImportEntry.skipped(testSource, e.getMessage()));
                continue;
            }
            if (lines.isEmpty()) {
                entries.add(ImportEntry.skipped(testSource, "no recorded instances (instances/*.jsonl): there is nothing to "
                        + "take prompt parameters and an answer from"));
                continue;
            }
            notes.test(test);
            for (InstanceReader.Line line : lines) {
                if (line.skipped() != null) {
                    entries.add(line.skipped());
                    continue;
                }
                InstanceConverter.Converted converted = converter.convert(test, prompt, line.instance());
                entries.add(converted.entry());
                if (converted.question() != null) {
                    questions.add(converted.question());
                    answers.put(converted.question().id(), converted.answer());
                    notes.question(test, converted.modelArgs());
                }
            }
        }
        ImportReport report = new ImportReport(FORMAT, source.toString(), entries, notes.notes());
        if (questions.isEmpty()) {
            throw new ImportException("nothing to import from " + source + ": no instance became a question\n" + report.render());
        }
        String name = source.toAbsolutePath().normalize().getFileName() == null ? "lve"
                : "lve " + source.toAbsolutePath().normalize().getFileName();
        Benchmark benchmark = new Benchmark(name, "Recorded LVE instances imported from " + source + ": " + questions.size()
                + " questions from " + tests.size() + " test.json files", questions);
        return new ImportResult(benchmark, null, answers, EvaluationMode.RUBRIC_ONLY, report);
    }

    /** Every {@code test.json} under {@code root} (hidden folders such as .git skipped), in path order. */
    private static List<Path> testFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.getFileName() != null && file.getFileName().toString().equals("test.json"))
                    .filter(Files::isRegularFile)
                    .filter(file -> !hidden(root.relativize(file)))
                    .sorted(Comparator.comparing(file -> relative(root, file)))
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new ImportException("cannot read " + root + ": " + e.getMessage(), e);
        }
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /** {@code path} relative to {@code root}, with {@code /}. */
    private static String relative(Path root, Path path) {
        String relative = root.relativize(path).toString();
        return relative.replace(path.getFileSystem().getSeparator(), "/");
    }
}
