package dev.assay.common.spec;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.PromptFileException;
import dev.assay.common.benchmark.PromptFiles;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.validation.InputFiles;
import dev.assay.common.validation.InvalidSpecException;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecDocument;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Inlines every {@code prompt_file} a benchmark names, question-level and multi-run items alike, so
 * what leaves here is self-contained and can go to the REST API or onto Kafka as is. Prompt files are
 * resolved against the benchmark file's folder and must stay inside it: a shared benchmark must not
 * read whatever file it points at. Files are read while a benchmark file is validated
 * ({@link RunSpecs}); {@link #load} is that validation for a benchmark on its own.
 */
public final class BenchmarkLoader {

    private BenchmarkLoader() {
    }

    /** The benchmark at {@code file}, prompt files inlined, validated on its own; throws {@link InvalidSpecException} listing every problem. */
    public static Benchmark load(Path file) {
        return RunSpecs.validateBenchmark(SpecDocument.file(file)).orThrow();
    }

    /** {@code benchmark} with the prompt files it names read from {@code folder}; what cannot be read is reported at its path. */
    public static Benchmark inline(Benchmark benchmark, Path folder, Problems problems) {
        List<Question> questions = new ArrayList<>();
        for (int i = 0; i < benchmark.questions().size(); i++) {
            Question question = benchmark.questions().get(i);
            questions.add(question == null ? null : inline(question, Problems.index("questions", i), folder, problems));
        }
        return new Benchmark(benchmark.name(), benchmark.description(), questions);
    }

    private static Question inline(Question question, String path, Path folder, Problems problems) {
        boolean otherForm = question.prompt() != null || question.multiRunPrompt() != null;
        if (question.promptFile() != null && otherForm) {
            return question; // two prompt forms: left as written for validation to name both
        }
        List<PromptMessage> messages = question.prompt();
        if (question.promptFile() != null) {
            messages = read(question.promptFile(), Problems.field(path, "prompt_file"), folder, problems);
            return messages == null ? question : question.withPrompts(messages, null);
        }
        if (question.multiRunPrompt() == null) {
            return question;
        }
        List<MultiRunItem> items = new ArrayList<>(question.multiRunPrompt());
        for (int j = 0; j < items.size(); j++) {
            MultiRunItem item = items.get(j);
            if (item != null && item.promptFile() != null && item.prompt() == null) {
                String itemPath = Problems.field(Problems.index(Problems.field(path, "multi_run_prompt"), j), "prompt_file");
                List<PromptMessage> read = read(item.promptFile(), itemPath, folder, problems);
                if (read != null) {
                    items.set(j, item.withPrompt(read));
                }
            }
        }
        return question.withPrompts(messages, items);
    }

    /** The file's messages, or null with the problem reported at {@code path}. */
    private static List<PromptMessage> read(String name, String path, Path folder, Problems problems) {
        if (name.isBlank()) {
            problems.add(path, "is empty");
            return null;
        }
        if (!name.endsWith(PromptFiles.EXTENSION)) {
            problems.add(path, "\"" + name + "\": a prompt file must end in " + PromptFiles.EXTENSION);
            return null;
        }
        Path file = folder.resolve(name).normalize();
        if (!file.startsWith(folder)) {
            problems.add(path, "\"" + name + "\" is outside the benchmark's folder; prompt files are read relative to it and must stay inside");
            return null;
        }
        try {
            return PromptFiles.parse(InputFiles.readString(file), name);
        } catch (PromptFileException e) {
            problems.add(path, e.getMessage());
        } catch (IOException e) {
            problems.add(path, "cannot read \"" + name + "\": " + reason(e));
        }
        return null;
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.charset.CharacterCodingException || e instanceof java.nio.charset.MalformedInputException) {
            return "not UTF-8 text";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
