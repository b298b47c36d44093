package dev.assay.common.pipeline;

import dev.assay.common.message.Role;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reader of a result should know before trusting its verdict, read off what the result
 * already records: a judge that had to be asked again, a judge answer read with type coercion,
 * calls that failed before one succeeded, traits that could not be scored, a pass in spite of
 * failing fields.
 */
final class ResultCaveats {

    private ResultCaveats() {
    }

    static List<String> of(List<RecordedCall> calls, TemplateVerdict template, List<TraitScore> traits,
                           DynamicRubricOutcome dynamic, NuggetOutcome nuggets) {
        List<String> caveats = new ArrayList<>();
        retriedCalls(calls, caveats);
        for (RecordedCall call : calls) {
            if (call.error() == null && call.stage() != Stage.GENERATION && showsAnEarlierAnswer(call)) {
                caveats.add(call.model() + " (" + call.task().wireValue() + "): its first answer was unusable; it was shown "
                        + "the problem and answered again");
            }
            if (!call.coercions().isEmpty()) {
                caveats.add(call.model() + " (" + call.task().wireValue() + "): its answer was read with type coercion: "
                        + String.join("; ", call.coercions()));
            }
        }
        if (template != null && template.passed()) {
            List<String> failing = template.fields().stream().filter(field -> !field.passed()).map(FieldVerdict::field).toList();
            if (!failing.isEmpty()) {
                caveats.add("passed although field(s) " + String.join(", ", failing) + " failed, as the template's composition allows");
            }
        }
        for (TraitScore trait : traits) {
            if (trait.error() != null) {
                caveats.add("trait " + trait.name() + " was not scored: " + trait.error());
            }
        }
        if (dynamic != null && dynamic.error() != null) {
            caveats.add("dynamic traits " + String.join(", ", dynamic.skipped()) + " were skipped: " + dynamic.error());
        }
        if (nuggets != null && nuggets.error() != null) {
            // with scores, the response's windows were all read: what failed was a per-passage judgement
            caveats.add(nuggets.scores() == null ? "nuggets were not scored in full: " + nuggets.error()
                    : "some nuggets could not be judged against the passages (the scores stand): " + nuggets.error());
        }
        return caveats;
    }

    /** Failed attempts followed by a success of the same stage, task and model: retried, then answered. */
    private static void retriedCalls(List<RecordedCall> calls, List<String> caveats) {
        Map<String, Integer> failedBefore = new LinkedHashMap<>();
        for (RecordedCall call : calls) {
            String key = call.stage().wireName() + " " + call.task().wireValue() + " " + call.model();
            if (call.error() != null) {
                failedBefore.merge(key, 1, Integer::sum);
            } else if (failedBefore.containsKey(key)) {
                int failures = failedBefore.remove(key);
                caveats.add(call.model() + " (" + call.task().wireValue() + "): " + failures
                        + (failures == 1 ? " attempt" : " attempts") + " failed before an answer came");
            }
        }
    }

    /** Judge prompts are system + user; an assistant turn in one means the judge's earlier answer was sent back. */
    private static boolean showsAnEarlierAnswer(RecordedCall call) {
        return call.messages().stream().anyMatch(message -> message.role() == Role.ASSISTANT);
    }
}
