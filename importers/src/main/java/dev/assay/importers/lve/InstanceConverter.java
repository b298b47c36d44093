package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.validation.Problems;
import dev.assay.importers.ImportEntry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One recorded instance as a question: the test's prompt with the instance's prompt parameters,
 * its checker as the {@code checker} trait, its response as the manual answer, and the facts of
 * the recording (model, model settings, verdict) in {@code metadata.lve}.
 */
final class InstanceConverter {

    /** What became of one instance: a question and its answer, with the entry; or only the entry (skipped). */
    record Converted(Question question, ManualAnswer answer, ImportEntry entry, Map<String, JsonNode> modelArgs) {
    }

    private final CheckerTranslators translators;

    InstanceConverter(CheckerTranslators translators) {
        this.translators = translators;
    }

    Converted convert(LveTest test, AssayPrompt prompt, LveInstance instance) {
        try {
            return convertOrRefuse(test, prompt, instance);
        } catch (Untranslatable e) {
            return new Converted(null, null, ImportEntry.skipped(instance.source(), e.getMessage()), Map.of());
        }
    }

    private Converted convertOrRefuse(LveTest test, AssayPrompt prompt, LveInstance instance) {
        // as lve-tools splits an instance's args: prompt parameters, and the model settings it calls the model with
        Map<String, JsonNode> paramValues = new LinkedHashMap<>();
        Map<String, JsonNode> modelArgs = new LinkedHashMap<>();
        instance.args().forEach((name, value) -> {
            if (!value.isNull()) {
                (test.isPromptParameter(name) ? paramValues : modelArgs).put(name, value);
            }
        });
        Map<String, String> promptParameters = new LinkedHashMap<>();
        for (String placeholder : prompt.placeholders()) {
            if (!paramValues.containsKey(placeholder)) {
                throw new Untranslatable("the prompt reads {" + placeholder + "}, which the instance's prompt parameters do not "
                        + "give (Python raises KeyError)");
            }
        }
        paramValues.forEach((name, value) -> {
            if (prompt.placeholders().contains(name)) {
                promptParameters.put(name, PythonValues.str(value));
            }
        });
        ManualAnswer answer = RecordedResponse.toManualAnswer(prompt, instance.response());
        CheckerTranslation checker = translators.translate(test,
                new CheckerContext(test.checkerName(), test.checkerArgs(), instance.args(), paramValues, promptParameters, prompt));

        String id = instance.source();
        Question question = Question.builder()
                .id(id)
                .question(test.description() != null ? test.description() : test.relative("test.json"))
                .keywords(test.tags()) // LVE's tags (severity:low, jailbreak:yes), as the question's keywords
                .rubric(checker.trait() == null ? null : new Rubric(List.of(checker.trait())))
                .promptParameters(promptParameters)
                .prompt(prompt.prompt())
                .multiRunPrompt(prompt.multiRunItems())
                .metadata(Map.of(LveRecording.METADATA_KEY, metadata(test, instance, modelArgs, paramValues, promptParameters)))
                .build();
        Problems problems = new Problems();
        question.validate("question", problems);
        if (!problems.isEmpty()) {
            throw new Untranslatable("the converted question is not valid: " + problems.errors().stream()
                    .map(error -> error.path() + ": " + error.message()).collect(Collectors.joining("; ")));
        }
        List<String> leftOut = new ArrayList<>();
        if (!instance.nulReplaced().isEmpty()) {
            leftOut.add(NulCharacters.note(instance.nulReplaced()));
        }
        if (checker.notConverted() != null) {
            leftOut.add(checker.notConverted());
        }
        return new Converted(question, answer, ImportEntry.of(instance.source(), id, leftOut), modelArgs);
    }

    private static JsonNode metadata(LveTest test, LveInstance instance, Map<String, JsonNode> modelArgs,
                                     Map<String, JsonNode> paramValues, Map<String, String> promptParameters) {
        ObjectNode lve = JsonNodeFactory.instance.objectNode();
        lve.put("test", test.relative("test.json"));
        lve.put("instance_file", instance.file());
        lve.put("line", instance.line());
        if (test.model() != null) {
            lve.put("model", test.model());
        }
        if (test.defaultModelArgs() != null) {
            lve.set("default_model_args", test.defaultModelArgs());
        }
        if (!modelArgs.isEmpty()) {
            lve.set("model_args", object(modelArgs));
        }
        Map<String, JsonNode> checkerOnly = new LinkedHashMap<>(paramValues);
        checkerOnly.keySet().removeAll(promptParameters.keySet());
        if (!checkerOnly.isEmpty()) {
            lve.set("params_not_in_prompt", object(checkerOnly)); // prompt parameters only the checker reads
        }
        if (test.checkerName() != null) {
            lve.put("checker", test.checkerName());
        }
        if (instance.passed() != null) {
            lve.put(LveRecording.RECORDED_PASSED, instance.passed());
        }
        if (instance.author() != null) {
            lve.put("author", instance.author());
        }
        if (test.author() != null) {
            lve.put("test_author", test.author());
        }
        return LveJson.asAssayTree(lve);
    }

    private static ObjectNode object(Map<String, JsonNode> values) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        values.forEach(object::set);
        return object;
    }
}
