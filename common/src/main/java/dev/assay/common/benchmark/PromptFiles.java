package dev.assay.common.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.assay.common.message.Role;
import dev.assay.common.text.Suggestions;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a {@code .prompt} file (docs/prompts.md) into messages. A file is one of:
 * <ul>
 *   <li>plain text: one user message;</li>
 *   <li>one JSON message object ({@code role}, {@code content}, {@code variable}), on one line or several;</li>
 *   <li>JSON lines: one message object per line, blank lines ignored.</li>
 * </ul>
 * A file is taken for JSON when it starts with <code>{"</code> (or is <code>{}</code>), so plain text
 * opening with a placeholder such as <code>{topic} in one line</code> stays plain text.
 */
public final class PromptFiles {

    public static final String EXTENSION = ".prompt";

    private static final Pattern JSON_START = Pattern.compile("^\\{\\s*(\"|})");
    private static final List<String> FIELDS = List.of("role", "content", "variable");
    private static final List<String> ROLES = List.of("system", "user", "assistant");
    /** Strict: a trailing second value after the object is an error, not silently ignored. */
    private static final ObjectReader READER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .readerFor(JsonNode.class);

    private PromptFiles() {
    }

    /**
     * The messages of a {@code .prompt} file.
     *
     * @param fileName the file's name as the user wrote it, for error messages and the extension check
     * @throws PromptFileException naming the file and the line when it is not a valid prompt file
     */
    public static List<PromptMessage> parse(String content, String fileName) {
        if (fileName == null || !fileName.endsWith(EXTENSION)) {
            throw new PromptFileException(String.valueOf(fileName), 0, "a prompt file must end in " + EXTENSION);
        }
        String text = content == null ? "" : content.strip();
        if (text.isEmpty()) {
            throw new PromptFileException(fileName, 0, "the file is empty");
        }
        if (!JSON_START.matcher(text).find()) {
            return List.of(PromptMessage.user(text));
        }
        List<String> lines = content.lines().toList();
        int first = firstNonBlank(lines);
        // One object (possibly spanning lines) unless its first line is a whole object of its own: then JSON lines.
        JsonNode firstLine = tryRead(lines.get(first));
        if (firstLine == null) {
            return List.of(message(readWhole(text, fileName, first), fileName, first + 1));
        }
        List<PromptMessage> messages = new ArrayList<>();
        for (int i = first; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                messages.add(message(readLine(lines.get(i), fileName, i + 1), fileName, i + 1));
            }
        }
        return List.copyOf(messages);
    }

    private static int firstNonBlank(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                return i;
            }
        }
        throw new IllegalStateException("caller checked the content is not blank");
    }

    private static JsonNode tryRead(String line) {
        try {
            return READER.readValue(line);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static JsonNode readWhole(String text, String fileName, int leadingBlankLines) {
        try {
            return READER.readValue(text);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr() + leadingBlankLines;
            throw new PromptFileException(fileName, line, "not a JSON message object, nor one JSON message per line: "
                    + e.getOriginalMessage());
        }
    }

    private static JsonNode readLine(String line, String fileName, int lineNumber) {
        try {
            return READER.readValue(line);
        } catch (JsonProcessingException e) {
            throw new PromptFileException(fileName, lineNumber, "not a JSON message object (in a JSON lines file every "
                    + "non-blank line is one message): " + e.getOriginalMessage());
        }
    }

    private static PromptMessage message(JsonNode node, String fileName, int line) {
        if (!node.isObject()) {
            throw new PromptFileException(fileName, line, "expected a message object with role, content and variable, got "
                    + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            String name = fields.next().getKey();
            if (!FIELDS.contains(name)) {
                throw new PromptFileException(fileName, line, "unknown field \"" + name + "\"" + Suggestions.didYouMean(name, FIELDS)
                        + "; a message has role, content and variable");
            }
        }
        String role = text(node, "role", fileName, line);
        if (role != null && !ROLES.contains(role)) {
            throw new PromptFileException(fileName, line, "role \"" + role + "\" is not one of system, user, assistant"
                    + Suggestions.didYouMean(role, ROLES));
        }
        return new PromptMessage(role == null ? Role.USER : Role.fromWire(role), text(node, "content", fileName, line),
                text(node, "variable", fileName, line));
    }

    private static String text(JsonNode node, String field, String fileName, int line) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new PromptFileException(fileName, line, field + " must be text, got " + value);
        }
        return value.asText();
    }
}
