package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Role;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Checker contexts for tests, built as the importer builds them for an instance. */
final class Contexts {

    private Contexts() {
    }

    static Map<String, JsonNode> json(String object) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        LveJson.parse(object).orElseThrow().fields().forEachRemaining(field -> values.put(field.getKey(), field.getValue()));
        return values;
    }

    /** A one-message prompt reading these parameters. */
    static AssayPrompt promptReading(Collection<String> names) {
        String text = names.isEmpty() ? "Answer." : names.stream().map(name -> "{" + name + "}").collect(Collectors.joining(" "));
        return PromptConverter.convert(new LvePrompt.Conversation(List.of(new LveMessage(Role.USER, text, null))));
    }

    /**
     * The context of an instance with {@code args}, whose test lists {@code parameters} as prompt parameters, asked
     * by {@code prompt}.
     */
    static CheckerContext context(String checker, String checkerArgs, String args, List<String> parameters, AssayPrompt prompt) {
        Map<String, JsonNode> instanceArgs = json(args);
        Map<String, JsonNode> paramValues = new LinkedHashMap<>();
        instanceArgs.forEach((name, value) -> {
            if (parameters.contains(name) && !value.isNull()) {
                paramValues.put(name, value);
            }
        });
        Map<String, String> promptParameters = new LinkedHashMap<>();
        paramValues.forEach((name, value) -> {
            if (prompt.placeholders().contains(name)) {
                promptParameters.put(name, PythonValues.str(value));
            }
        });
        return new CheckerContext(checker, json(checkerArgs), instanceArgs, paramValues, promptParameters, prompt);
    }

    /** An instance whose args are all prompt parameters, read by a one-message prompt. */
    static CheckerContext context(String checker, String checkerArgs, String args) {
        List<String> names = List.copyOf(json(args).keySet());
        return context(checker, checkerArgs, args, names, promptReading(names));
    }
}
