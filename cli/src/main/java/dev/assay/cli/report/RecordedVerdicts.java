package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.importers.lve.LveRecording;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Imported LVE recordings re-checked: how many re-checked verdicts (the {@code checker} trait of
 * each result) agree with the verdict LVE recorded for the same response
 * ({@code metadata.lve.recorded_passed}), and which do not. Questions whose checker did not
 * convert have no trait and are counted apart.
 */
public final class RecordedVerdicts {

    /**
     * @param compared      results whose re-checked verdict could be set against the recorded one
     * @param disagreements the question ids (with both verdicts) where they differ
     * @param unchecked     results of recorded questions without a re-checked verdict (no trait, or the trait failed)
     */
    public record Comparison(int compared, List<String> disagreements, int unchecked) {

        /** The lines the CLI prints under the summary table. */
        public String render() {
            StringBuilder out = new StringBuilder("recorded LVE verdicts: ").append(compared - disagreements.size())
                    .append(" of ").append(compared).append(" re-checked agree");
            if (unchecked > 0) {
                out.append(", ").append(unchecked).append(" not re-checked (checker not converted, or its trait failed)");
            }
            out.append('\n');
            disagreements.forEach(id -> out.append("  differs: ").append(id).append('\n'));
            return out.toString();
        }
    }

    private RecordedVerdicts() {
    }

    /** Empty when no question of the benchmark carries a recorded LVE verdict. */
    public static Optional<Comparison> compare(Benchmark benchmark, List<JsonNode> results) {
        Map<String, Boolean> recorded = new HashMap<>();
        for (Question question : benchmark.questions()) {
            JsonNode lve = question.metadata() == null ? null : question.metadata().get(LveRecording.METADATA_KEY);
            if (lve != null && lve.path(LveRecording.RECORDED_PASSED).isBoolean()) {
                recorded.put(question.id(), lve.get(LveRecording.RECORDED_PASSED).asBoolean());
            }
        }
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        int compared = 0;
        int unchecked = 0;
        List<String> disagreements = new ArrayList<>();
        for (JsonNode result : results) {
            String id = result.path("question_id").asText();
            Boolean expected = recorded.get(id);
            if (expected == null) {
                continue;
            }
            Optional<Boolean> rechecked = checkerVerdict(result);
            if (rechecked.isEmpty()) {
                unchecked++;
                continue;
            }
            compared++;
            if (rechecked.get() != expected) {
                disagreements.add(id + " (recorded " + (expected ? "passed" : "failed") + ", re-checked "
                        + (rechecked.get() ? "passed" : "failed") + ")");
            }
        }
        return Optional.of(new Comparison(compared, List.copyOf(disagreements), unchecked));
    }

    private static Optional<Boolean> checkerVerdict(JsonNode result) {
        for (JsonNode trait : result.path("rubric")) {
            if (LveRecording.CHECKER_TRAIT.equals(trait.path("name").asText()) && trait.path("passed").isBoolean()) {
                return Optional.of(trait.get("passed").asBoolean());
            }
        }
        return Optional.empty();
    }
}
