package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One LVE test: a folder with a {@code test.json}.
 *
 * @param directory        the test's folder
 * @param path             the folder relative to the imported folder, with {@code /} ("" for the folder itself)
 * @param description      what the test shows (LVE requires it); null when missing
 * @param model            the model the instances were recorded with, e.g. {@code openai/gpt-3.5-turbo}
 * @param defaultModelArgs the test's {@code default_model_args}, or null
 * @param checkerName      {@code checker_args.checker_name}, or null when missing
 * @param checkerArgs      the other checker arguments, in file order, unformatted
 * @param promptParameters the arg names that fill the prompt; null when the test has none
 * @param prompt           how the test asks
 * @param customChecker    whether the folder has a {@code checker/} of its own (Python code)
 * @param tags             the test's {@code tags} as {@code name:value} ({@code severity:low}, {@code jailbreak:yes})
 */
record LveTest(Path directory, String path, String description, String model, String author, JsonNode defaultModelArgs,
               String checkerName, Map<String, JsonNode> checkerArgs, List<String> promptParameters, LvePrompt prompt,
               boolean customChecker, List<String> tags) {

    public LveTest {
        checkerArgs = Collections.unmodifiableMap(new LinkedHashMap<>(checkerArgs));
        promptParameters = promptParameters == null ? null : List.copyOf(promptParameters);
        tags = tags == null ? List.of() : List.copyOf(tags);
    }

    LveTest(Path directory, String path, String description, String model, String author, JsonNode defaultModelArgs,
            String checkerName, Map<String, JsonNode> checkerArgs, List<String> promptParameters, LvePrompt prompt,
            boolean customChecker) {
        this(directory, path, description, model, author, defaultModelArgs, checkerName, checkerArgs, promptParameters, prompt,
                customChecker, List.of());
    }

    /** A path inside the test's folder as the report names it: {@code security/x/test.json}. */
    String relative(String inside) {
        return path.isEmpty() ? inside : path + "/" + inside;
    }

    boolean isPromptParameter(String name) {
        return promptParameters != null && promptParameters.contains(name);
    }
}
