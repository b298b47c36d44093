package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.validation.InputFiles;
import dev.assay.common.message.Role;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads LVE prompts: a {@code .prompt} file as lve-tools' {@code get_prompt} does, and the
 * message objects of {@code test.json}. A {@code .prompt} file is JSON lines when every line is a
 * JSON value (a blank line is not, so such a file is read as text, as LVE reads it); else a single
 * JSON message object written over several lines; else plain text, the whole file one user
 * message. (lve-tools means the second form but, by a slip in its code, rejects it; the importer
 * reads it as intended.)
 */
final class LvePromptReader {

    private static final Map<String, Role> ROLES = Map.of("user", Role.USER, "assistant", Role.ASSISTANT, "system", Role.SYSTEM);

    private LvePromptReader() {
    }

    static List<LveMessage> read(Path file) {
        String text;
        try {
            text = InputFiles.readString(file);
        } catch (IOException e) {
            throw new Untranslatable("cannot read " + file.getFileName() + ": " + e.getMessage());
        }
        return parse(text, file.getFileName().toString());
    }

    /** The messages of a prompt file's text; {@code name} is the file's, for messages. */
    static List<LveMessage> parse(String raw, String name) {
        String text = raw.replace("\r\n", "\n").replace('\r', '\n'); // Python reads text files with universal newlines
        if (text.strip().equals("<please fill in>")) {
            throw new Untranslatable(name + " still holds the template's \"<please fill in>\"");
        }
        List<String> lines = lines(text);
        if (lines.isEmpty()) {
            throw new Untranslatable(name + " is empty");
        }
        Optional<List<JsonNode>> jsonLines = jsonLines(lines);
        if (jsonLines.isPresent()) {
            List<LveMessage> messages = new ArrayList<>();
            for (int i = 0; i < jsonLines.get().size(); i++) {
                messages.add(message(jsonLines.get().get(i), name + " line " + (i + 1)));
            }
            return messages;
        }
        Optional<JsonNode> whole = LveJson.parse(text);
        if (whole.isPresent()) {
            if (!whole.get().isObject()) {
                throw new Untranslatable(name + " is JSON but not a message object or JSON lines");
            }
            return List.of(message(whole.get(), name));
        }
        return List.of(new LveMessage(Role.USER, text, null));
    }

    /** As Python's readlines: each line with its newline. */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            lines.add(text.substring(start, end));
            start = end;
        }
        return lines;
    }

    private static Optional<List<JsonNode>> jsonLines(List<String> lines) {
        List<JsonNode> values = new ArrayList<>();
        for (String line : lines) {
            Optional<JsonNode> value = LveJson.parse(line);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            values.add(value.get());
        }
        return Optional.of(values);
    }

    /** One message object ({@code content}, {@code role} default user, {@code variable}); {@code where} names it in errors. */
    static LveMessage message(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new Untranslatable(where + " is not a JSON message object");
        }
        JsonNode imageUrl = node.get("image_url");
        if (imageUrl != null && !imageUrl.isNull()) {
            throw new Untranslatable(where + " has an image_url: image prompts are not imported");
        }
        Role role = Role.USER;
        JsonNode roleNode = node.get("role");
        if (roleNode != null && !roleNode.isNull()) {
            role = ROLES.get(roleNode.asText());
            if (role == null || !roleNode.isTextual()) {
                throw new Untranslatable(where + " has role " + roleNode + " (LVE knows user, assistant and system)");
            }
        }
        String content = text(node, "content", where);
        String variable = text(node, "variable", where);
        if (content == null && role != Role.ASSISTANT) {
            throw new Untranslatable(where + " is a " + role.wireName() + " message without content");
        }
        return new LveMessage(role, content, variable);
    }

    private static String text(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new Untranslatable(where + ": " + field + " is not a string");
        }
        return value.textValue();
    }
}
