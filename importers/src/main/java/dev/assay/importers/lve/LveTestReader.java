package dev.assay.importers.lve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.validation.InputFiles;
import dev.assay.common.message.Role;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@code test.json} as lve-tools' {@code LVE} model does: exactly one of {@code prompt},
 * {@code prompt_file} and {@code multi_run_prompt}; the prompt file relative to the test's folder
 * and ending in {@code .prompt}; {@code prompt_parameters} a list of names. A test LVE would
 * refuse is refused with the reason ({@link Untranslatable}); the importer reports it skipped.
 */
final class LveTestReader {

    private static final String PLACEHOLDER = "<please fill in>";

    private LveTestReader() {
    }

    /** @param path the test's folder relative to the imported folder */
    static LveTest read(Path testJson, String path) {
        JsonNode test;
        try {
            test = LveJson.read(InputFiles.readString(testJson));
        } catch (JsonProcessingException e) {
            throw new Untranslatable("not JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new Untranslatable("cannot be read: " + e.getMessage());
        }
        if (!test.isObject()) {
            throw new Untranslatable("is not a JSON object");
        }
        Path directory = testJson.getParent();
        LvePrompt prompt = prompt(test, directory);
        JsonNode checker = test.get("checker_args");
        Map<String, JsonNode> checkerArgs = new LinkedHashMap<>();
        String checkerName = null;
        if (checker != null && checker.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = checker.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("checker_name")) {
                    checkerName = field.getValue().isTextual() && !field.getValue().textValue().equals(PLACEHOLDER)
                            ? field.getValue().textValue() : null;
                } else {
                    checkerArgs.put(field.getKey(), field.getValue());
                }
            }
        }
        JsonNode defaults = test.get("default_model_args");
        return new LveTest(directory, path, text(test, "description"), text(test, "model"), text(test, "author"),
                defaults == null || defaults.isNull() ? null : defaults, checkerName, checkerArgs, promptParameters(test),
                prompt, Files.isDirectory(directory.resolve("checker")), tags(test));
    }

    /** {@code "tags": [{"name": "severity", "value": "low"}]} as {@code severity:low}; entries without both texts are left out. */
    private static List<String> tags(JsonNode test) {
        JsonNode tags = test.get("tags");
        List<String> read = new ArrayList<>();
        if (tags != null && tags.isArray()) {
            for (JsonNode tag : tags) {
                String name = text(tag, "name");
                String value = text(tag, "value");
                if (name != null && value != null && !read.contains(name + ":" + value)) {
                    read.add(name + ":" + value);
                }
            }
        }
        return read;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.textValue().isBlank() ? value.textValue() : null;
    }

    private static List<String> promptParameters(JsonNode test) {
        JsonNode value = test.get("prompt_parameters");
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isArray()) {
            throw new Untranslatable("prompt_parameters is not a list of names");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode name : value) {
            if (!name.isTextual()) {
                throw new Untranslatable("prompt_parameters has " + name + ", not a name");
            }
            names.add(name.textValue());
        }
        if (names.equals(List.of(PLACEHOLDER))) {
            throw new Untranslatable("prompt_parameters still holds the template's \"" + PLACEHOLDER + "\"");
        }
        return names;
    }

    private static LvePrompt prompt(JsonNode test, Path directory) {
        List<String> forms = new ArrayList<>();
        for (String form : List.of("prompt", "prompt_file", "multi_run_prompt")) {
            if (test.hasNonNull(form)) {
                forms.add(form);
            }
        }
        if (forms.size() != 1) {
            throw new Untranslatable(forms.isEmpty() ? "has no prompt, prompt_file or multi_run_prompt"
                    : "has " + String.join(" and ", forms) + "; LVE needs exactly one of them");
        }
        return switch (forms.get(0)) {
            case "prompt" -> new LvePrompt.Conversation(messages(test.get("prompt"), "prompt"));
            case "prompt_file" -> new LvePrompt.Conversation(promptFile(test.get("prompt_file"), directory));
            default -> multiRun(test.get("multi_run_prompt"));
        };
    }

    private static List<LveMessage> promptFile(JsonNode name, Path directory) {
        if (!name.isTextual() || !name.textValue().endsWith(".prompt")) {
            throw new Untranslatable("prompt_file " + name + " does not end with .prompt");
        }
        Path file = directory.resolve(name.textValue()).normalize();
        if (!Files.isRegularFile(file)) {
            throw new Untranslatable("prompt_file " + name.textValue() + " does not exist next to test.json");
        }
        return LvePromptReader.read(file);
    }

    /** A message list, or a string (taken as one user message). */
    private static List<LveMessage> messages(JsonNode prompt, String where) {
        if (prompt.isTextual()) {
            return List.of(new LveMessage(Role.USER, prompt.textValue(), null));
        }
        if (!prompt.isArray() || prompt.isEmpty()) {
            throw new Untranslatable(where + " is not a list of messages");
        }
        List<LveMessage> messages = new ArrayList<>();
        for (int i = 0; i < prompt.size(); i++) {
            messages.add(LvePromptReader.message(prompt.get(i), where + "[" + i + "]"));
        }
        return messages;
    }

    private static LvePrompt multiRun(JsonNode value) {
        List<JsonNode> items = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(items::add);
        } else {
            items.add(value);
        }
        if (items.isEmpty()) {
            throw new Untranslatable("multi_run_prompt has no items");
        }
        List<LvePrompt.Run> runs = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String where = "multi_run_prompt[" + i + "]";
            if (!item.isObject() || !item.path("name").isTextual()) {
                throw new Untranslatable(where + " needs a name");
            }
            if (item.hasNonNull("prompt_file")) {
                throw new Untranslatable(where + " has a prompt_file, which LVE does not support for multi-run items");
            }
            if (!item.hasNonNull("prompt")) {
                throw new Untranslatable(where + " has no prompt");
            }
            int repetitions = item.hasNonNull("repetition") ? item.get("repetition").asInt(1) : item.path("repetitions").asInt(1);
            runs.add(new LvePrompt.Run(item.get("name").textValue(), repetitions, messages(item.get("prompt"), where + ".prompt")));
        }
        return new LvePrompt.MultiRun(runs);
    }
}
