package dev.assay.cli;

import dev.assay.common.json.Json;
import dev.assay.common.run.RunConfig;
import dev.assay.common.validation.InputFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The body of {@code POST /api/runs} holding the benchmark file's own text, for {@code assay submit}:
 * the server reads and checks the benchmark and the pair itself, so a 10,000-question file is not also
 * read, checked and written out again by a cold CLI JVM (most of what a submit cost it). Only for a
 * file the server can read exactly as this machine would: one plain document naming no prompt files
 * (those are read from the file's folder, here).
 *
 * @param text        the body
 * @param contentType its type, YAML or JSON as the file is
 */
record SubmitBody(String text, String contentType) {

    /** A line that would end or direct the document it is put into: {@code ---}, {@code ...}, {@code %YAML}. */
    private static final Pattern DOCUMENT_MARKER = Pattern.compile("(?m)^(---|\\.\\.\\.|%)");

    /** The body with the file's text and {@code config}, or null when the file is to be read here ({@link RunPreparation}). */
    static SubmitBody of(Path benchmark, RunConfig config) {
        String text;
        try {
            text = InputFiles.readString(benchmark);
        } catch (IOException | RuntimeException e) {
            return null; // read here, where the problem is reported in full
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.contains("prompt_file") || text.isBlank()) {
            return null;
        }
        String configJson = Json.write(config);
        if (benchmark.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
            return new SubmitBody("{\"benchmark\": " + text + ",\n\"config\": " + configJson + "}", "application/json");
        }
        if (DOCUMENT_MARKER.matcher(text).find()) {
            return null;
        }
        // the document as the benchmark member of a mapping: every line indented alike keeps its structure
        StringBuilder body = new StringBuilder(text.length() + text.length() / 16 + configJson.length() + 32).append("benchmark:\n");
        text.lines().forEach(line -> body.append(line.isEmpty() ? "" : "  ").append(line).append('\n'));
        // JSON is a YAML flow mapping
        body.append("config: ").append(configJson).append('\n');
        return new SubmitBody(body.toString(), "application/yaml");
    }
}
