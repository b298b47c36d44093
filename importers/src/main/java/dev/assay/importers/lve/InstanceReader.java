package dev.assay.importers.lve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.importers.ImportEntry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.Locale;

/**
 * Reads a test's recorded instances: every {@code .jsonl} (and {@code .json}, which LVE also
 * writes as JSON lines) file in its {@code instances/} folder, in name order, one instance a
 * line. A line that is not an instance is a skipped entry naming file and line; the others are read.
 */
final class InstanceReader {

    /** A line read: an instance, or the entry reporting why it was skipped. */
    record Line(LveInstance instance, ImportEntry skipped) {
    }

    private InstanceReader() {
    }

    /** The instance files of the test in {@code directory}, sorted; empty when it has none. */
    static List<Path> files(Path directory) {
        Path instances = directory.resolve("instances");
        if (!Files.isDirectory(instances)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(instances)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".jsonl") || file.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new Untranslatable("cannot list " + instances + ": " + e.getMessage());
        }
    }

    /** @param name the file as the report names it ({@code security/x/instances/a.jsonl}) */
    static List<Line> read(Path file, String name) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of(new Line(null, ImportEntry.skipped(name, "cannot be read: " + e.getMessage())));
        }
        List<Line> read = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            String source = name + ":" + (i + 1);
            try {
                read.add(new Line(instance(lines.get(i), name, i + 1), null));
            } catch (Untranslatable e) {
                read.add(new Line(null, ImportEntry.skipped(source, e.getMessage())));
            }
        }
        return read;
    }

    private static LveInstance instance(String text, String file, int line) {
        JsonNode node;
        try {
            node = LveJson.read(text);
        } catch (JsonProcessingException e) {
            throw new Untranslatable("not JSON (" + e.getOriginalMessage() + ")");
        }
        if (!node.isObject()) {
            throw new Untranslatable("not an instance object (" + node.getNodeType().name().toLowerCase(Locale.ROOT) + ")");
        }
        JsonNode args = node.get("args");
        if (args != null && !args.isNull() && !args.isObject()) {
            throw new Untranslatable("args is not an object");
        }
        Map<String, JsonNode> values = new LinkedHashMap<>();
        List<String> nulReplaced = new ArrayList<>();
        if (args != null) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = args.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                values.put(field.getKey(), NulCharacters.replace(field.getValue(), "args." + field.getKey(), nulReplaced));
            }
        }
        JsonNode response = node.get("response");
        if (response == null || response.isNull()) {
            throw new Untranslatable("has no response");
        }
        response = NulCharacters.replace(response, "response", nulReplaced);
        JsonNode passed = node.hasNonNull("passed") ? node.get("passed") : node.get("is_safe");
        if (passed != null && !passed.isNull() && !passed.isBoolean()) {
            throw new Untranslatable("passed is " + passed + ", not true or false");
        }
        JsonNode author = node.get("author");
        return new LveInstance(file, line, values, response, passed == null || passed.isNull() ? null : passed.booleanValue(),
                author != null && author.isTextual() && !author.textValue().isBlank() ? author.textValue() : null, nulReplaced);
    }
}
