package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a checker translator knows for one instance.
 *
 * @param checkerName      {@code checker_args.checker_name}
 * @param checkerArgs      the other checker arguments, unformatted
 * @param instanceArgs     every arg of the instance (prompt parameters and model settings; None included), which
 *                         LVE formats string checker arguments with
 * @param paramValues      the prompt parameters LVE passes to the checker (args named in prompt_parameters, None left out)
 * @param promptParameters the question's prompt_parameters (the ones its prompt reads), as strings
 * @param prompt           the question's prompt
 */
record CheckerContext(String checkerName, Map<String, JsonNode> checkerArgs, Map<String, JsonNode> instanceArgs,
                      Map<String, JsonNode> paramValues, Map<String, String> promptParameters, AssayPrompt prompt) {

    CheckerContext {
        checkerArgs = Collections.unmodifiableMap(new LinkedHashMap<>(checkerArgs));
        instanceArgs = Collections.unmodifiableMap(new LinkedHashMap<>(instanceArgs));
        paramValues = Collections.unmodifiableMap(new LinkedHashMap<>(paramValues));
        promptParameters = Collections.unmodifiableMap(new LinkedHashMap<>(promptParameters));
    }

    /** Refuses arguments the checker's constructor does not take, as Python would (TypeError). */
    void acceptOnly(Set<String> parameters) {
        for (String name : checkerArgs.keySet()) {
            if (!parameters.contains(name)) {
                throw new Untranslatable("it takes no argument '" + name + "' (Python raises TypeError)");
            }
        }
    }

    Optional<JsonNode> arg(String name) {
        return Optional.ofNullable(checkerArgs.get(name));
    }

    JsonNode required(String name) {
        return arg(name).orElseThrow(() -> new Untranslatable("checker_args has no " + name + ", which it requires"));
    }

    /**
     * A string argument after LVE's {@code .format(**args)} with all the instance's args (so
     * {@code {{} in it is a literal brace); a non-string is refused.
     */
    String formatted(String name) {
        JsonNode value = required(name);
        if (!value.isTextual()) {
            throw new Untranslatable("checker_args." + name + " is not a string");
        }
        return format(name, value.textValue());
    }

    String formattedOr(String name, String fallback) {
        return checkerArgs.containsKey(name) ? formatted(name) : fallback;
    }

    private String format(String name, String text) {
        try {
            return PythonFormat.format(text, instanceArgs);
        } catch (Untranslatable e) {
            throw new Untranslatable("checker_args." + name + " cannot be formatted with the instance's args: " + e.getMessage());
        }
    }

    /** The names an expression trait of this question can read: the built-ins and its prompt parameters. */
    Set<String> celNames() {
        Set<String> names = new LinkedHashSet<>(CelText.BUILT_INS);
        names.addAll(promptParameters.keySet());
        return names;
    }

    /** The prompt parameters as the lambda's keyword arguments. */
    Map<String, PyBinding> parameterBindings() {
        Map<String, PyBinding> bindings = new LinkedHashMap<>();
        paramValues.forEach((name, value) -> bindings.put(name, ParameterBinding.of(name, value, promptParameters.containsKey(name))));
        return bindings;
    }

    /** Refuses checkers LVE runs on one conversation when the prompt is a multi-run one, and the reverse. */
    void requireMultiRun(boolean multiRun) {
        if (prompt.multiRun() != multiRun) {
            throw new Untranslatable(multiRun ? "it checks a multi_run_prompt, and this test has a single prompt"
                    : "it checks a single prompt, and this test has a multi_run_prompt");
        }
    }
}
