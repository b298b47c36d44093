package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The report's notes on how the instances were recorded: models, their default args, model settings, ignored repetitions. */
final class RecordingNotes {

    private final Map<String, Integer> questionsByModel = new LinkedHashMap<>();
    private final Map<String, Set<String>> defaultsByModel = new LinkedHashMap<>();
    private final Map<String, Integer> questionsBySetting = new LinkedHashMap<>();
    private final List<String> repetitions = new ArrayList<>();

    /** One question made from an instance of {@code test} recorded with these model settings. */
    void question(LveTest test, Map<String, JsonNode> modelArgs) {
        String model = test.model() == null ? "an unnamed model (test.json has no model)" : test.model();
        questionsByModel.merge(model, 1, Integer::sum);
        Set<String> defaults = defaultsByModel.computeIfAbsent(model, ignored -> new LinkedHashSet<>());
        if (test.defaultModelArgs() != null) {
            defaults.add(Json.write(test.defaultModelArgs()));
        }
        modelArgs.keySet().forEach(name -> questionsBySetting.merge(name, 1, Integer::sum));
    }

    /** Repetitions a multi-run item asks for, which LVE does not perform. */
    void test(LveTest test) {
        if (test.prompt() instanceof LvePrompt.MultiRun multiRun) {
            for (LvePrompt.Run run : multiRun.runs()) {
                if (run.repetitions() > 1) {
                    repetitions.add(test.relative("test.json") + ": multi_run_prompt item \"" + run.name() + "\" asks for "
                            + run.repetitions() + " repetitions, but LVE runs each item once; imported as one run");
                }
            }
        }
    }

    List<String> notes() {
        List<String> notes = new ArrayList<>();
        questionsByModel.forEach((model, count) -> {
            Set<String> defaults = defaultsByModel.get(model);
            notes.add("recorded with " + model + ": " + count + " question" + (count == 1 ? "" : "s")
                    + (defaults.isEmpty() ? "" : ", default_model_args " + String.join(" / ", defaults)));
        });
        if (!questionsBySetting.isEmpty()) {
            List<String> settings = new ArrayList<>();
            questionsBySetting.forEach((name, count) -> settings.add(name + " (" + count + ")"));
            notes.add("instance args that are not prompt parameters are model settings, kept in metadata.lve.model_args "
                    + "(the run config does not apply them): " + String.join(", ", settings));
        }
        notes.addAll(repetitions);
        if (!questionsByModel.isEmpty()) {
            notes.add("the recorded responses are the questions' manual answers: run the starter config to re-check them, "
                    + "and compare each checker trait with metadata.lve.recorded_passed");
        }
        return notes;
    }
}
