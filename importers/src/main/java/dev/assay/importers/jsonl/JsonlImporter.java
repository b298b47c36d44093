package dev.assay.importers.jsonl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.validation.InputFiles;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.importers.BenchmarkImporter;
import dev.assay.importers.ImportEntry;
import dev.assay.importers.ImportException;
import dev.assay.importers.ImportReport;
import dev.assay.importers.ImportResult;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * JSONL sample files, one sample per line, in the shape Inspect and OpenAI evals datasets use:
 * {@code input} (text or chat messages), {@code target} or {@code ideal} (one answer or several
 * accepted ones), {@code choices}, {@code id}, {@code metadata}. A line that cannot be read is
 * reported with its line number and the others are imported.
 */
public final class JsonlImporter implements BenchmarkImporter {

    public static final String FORMAT = "jsonl";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String description() {
        return "JSONL sample files (Inspect / OpenAI evals: input, target or ideal, choices, id, metadata)";
    }

    @Override
    public ImportResult read(Path source) {
        List<String> lines = lines(source);
        String fileName = source.getFileName().toString();
        SampleConverter converter = new SampleConverter();
        List<Question> questions = new ArrayList<>();
        List<ImportEntry> entries = new ArrayList<>();
        Map<String, Integer> idLines = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            int lineNumber = i + 1;
            String where = fileName + ":" + lineNumber;
            JsonNode sample;
            try {
                sample = Json.mapper().readTree(line);
            } catch (JsonProcessingException e) {
                entries.add(ImportEntry.skipped(where, notJson(e)));
                continue;
            }
            SampleConverter.Converted converted;
            try {
                converted = converter.convert(sample);
            } catch (SampleException e) {
                entries.add(ImportEntry.skipped(where, e.getMessage()));
                continue;
            }
            Question question = converted.question();
            Integer first = idLines.putIfAbsent(question.id(), lineNumber);
            if (first != null) {
                entries.add(ImportEntry.skipped(where, "duplicate id \"" + question.id() + "\" (also on line " + first + ")"));
                continue;
            }
            questions.add(question);
            entries.add(ImportEntry.of(where, question.id(), converted.leftOut()));
        }
        String name = fileName.replaceFirst("\\.jsonl?$", "");
        ImportReport report = new ImportReport(FORMAT, source.toString(), entries, List.of());
        return ImportResult.of(new Benchmark(name, "Imported from " + fileName, questions), report);
    }

    /** Jackson's message without its source-location noise, with the column where reading stopped. */
    static String notJson(JsonProcessingException e) {
        String message = e.getOriginalMessage().replaceAll("\\s*\\(start marker at \\[Source:[^]]*][^)]*\\)", "")
                .replaceAll("\\s*at \\[Source:.*$", "");
        int column = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
        return "not JSON" + (column > 0 ? " (column " + column + ")" : "") + ": " + message.strip();
    }

    private static List<String> lines(Path source) {
        if (!Files.exists(source)) {
            throw new ImportException(source + ": no such file");
        }
        if (Files.isDirectory(source)) {
            throw new ImportException(source + ": is a folder; the jsonl format reads one .jsonl file");
        }
        try {
            // split on \n only: a \r\n file keeps its \r, which JSON parsing ignores as whitespace
            return List.of(InputFiles.readString(source).split("\n", -1));
        } catch (InputFiles.TooLargeException e) {
            throw new ImportException(source + ": " + e.getMessage(), e);
        } catch (MalformedInputException e) {
            throw new ImportException(source + ": not UTF-8 text", e);
        } catch (IOException e) {
            throw new ImportException(source + ": cannot be read: " + e.getMessage(), e);
        }
    }
}
