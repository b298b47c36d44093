package dev.assay.stage.rubric.trait.metric;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.MetricScores;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.prompt.judge.MetricPrompt;
import dev.assay.common.prompt.judge.MetricSchema;
import dev.assay.core.llm.JsonAnswers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A metric trait's schema, prompt and answer: instructions by number, each classified exactly once. */
class MetricAnswerTest {

    static final RubricTrait COVERAGE = RubricTrait.metricTrait("coverage", null,
            List.of("Names the dose.", "Names the interval.", "Mentions liver damage."), null, null);
    static final RubricTrait SAFETY = RubricTrait.metricTrait("safety", "Safe advice.",
            List.of("Names the dose.", "Names the interval."), List.of("Recommends alcohol.", "Exceeds 4 g a day."), "full_matrix");

    private static JsonNode json(String text) {
        return Json.read(text, JsonNode.class);
    }

    @Test
    void tpOnlyAnswersMapNumbersBackToInstructionsAndUnmatchedStatementsAreFalsePositives() {
        JsonNode answer = json("""
                {"reasoning": "Dose and interval, nothing on the liver.", "satisfied": [2, 1], "missed": [3],
                 "unmatched_statements": ["Take it with food.", "  "]}""");

        assertThat(MetricAnswer.problems(COVERAGE, answer)).isEmpty();
        TraitScore score = MetricAnswer.score(COVERAGE, answer);

        MetricScores metrics = score.metrics();
        assertThat(metrics.mode()).isEqualTo("tp_only");
        assertThat(metrics.truePositives()).containsExactly("Names the interval.", "Names the dose.");
        assertThat(metrics.falseNegatives()).containsExactly("Mentions liver damage.");
        assertThat(metrics.falsePositives()).containsExactly("Take it with food.");
        assertThat(metrics.trueNegatives()).isEmpty();
        // precision 2/3, recall 2/3, f1 2/3
        assertThat(score.score()).isEqualTo(metrics.f1()).isCloseTo(2.0 / 3.0, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(score.reasoning()).isEqualTo("Dose and interval, nothing on the liver.");
        assertThat(score.kind()).isEqualTo("metric");
        assertThat(score.passed()).isNull();
        assertThat(score.error()).isNull();
    }

    @Test
    void fullMatrixAnswersFillAllFourLists() {
        JsonNode answer = json("""
                {"reasoning": "r", "satisfied": [1], "missed": [2], "violated": [2], "respected": [1]}""");

        assertThat(MetricAnswer.problems(SAFETY, answer)).isEmpty();
        MetricScores metrics = MetricAnswer.score(SAFETY, answer).metrics();

        assertThat(metrics.truePositives()).containsExactly("Names the dose.");
        assertThat(metrics.falseNegatives()).containsExactly("Names the interval.");
        assertThat(metrics.trueNegatives()).containsExactly("Recommends alcohol.");
        assertThat(metrics.falsePositives()).containsExactly("Exceeds 4 g a day.");
        assertThat(metrics.specificity()).isEqualTo(0.5);
        assertThat(metrics.accuracy()).isEqualTo(0.5);
    }

    @Test
    void anInstructionLeftOutOrListedTwiceIsAProblem() {
        assertThat(MetricAnswer.problems(COVERAGE, json("""
                {"satisfied": [1, 3], "missed": [3], "unmatched_statements": []}"""))).containsExactly(
                "should_contain instruction 2 is in neither satisfied nor missed; put each instruction in exactly one of them",
                "should_contain instruction 3 is listed 2 times (satisfied, missed); put each instruction in exactly one of "
                        + "satisfied and missed");
        assertThat(MetricAnswer.problems(COVERAGE, json("""
                {"satisfied": [1, 1, 2, 3], "missed": [], "unmatched_statements": []}"""))).containsExactly(
                "should_contain instruction 1 is listed 2 times (satisfied, satisfied); put each instruction in exactly one of "
                        + "satisfied and missed");
        assertThat(MetricAnswer.problems(SAFETY, json("""
                {"satisfied": [1, 2], "missed": [], "violated": [], "respected": [2, 5]}"""))).containsExactly(
                "respected lists 5, but should_not_contain has instructions 1 to 2",
                "should_not_contain instruction 1 is in neither violated nor respected; put each instruction in exactly one of them");
    }

    @Test
    void theSchemaBoundsTheNumbersAndHasTheModesLists() {
        ObjectNode tpOnly = MetricSchema.of(COVERAGE);
        ObjectNode full = MetricSchema.of(SAFETY);

        assertThat(tpOnly.get("required")).extracting(JsonNode::asText)
                .containsExactly("reasoning", "satisfied", "missed", "unmatched_statements");
        assertThat(tpOnly.at("/properties/satisfied/items/maximum").asInt()).isEqualTo(3);
        assertThat(tpOnly.at("/properties/unmatched_statements/items/type").asText()).isEqualTo("string");
        assertThat(full.get("required")).extracting(JsonNode::asText)
                .containsExactly("reasoning", "satisfied", "missed", "violated", "respected");
        assertThat(full.at("/properties/satisfied/items/maximum").asInt()).isEqualTo(2);
        assertThat(full.at("/properties/violated/items/minimum").asInt()).isEqualTo(1);
        assertThat(full.at("/properties/violated/items/maximum").asInt()).isEqualTo(2);

        assertThat(JsonAnswers.read("""
                {"reasoning": "r", "satisfied": [1], "missed": [2, 3], "unmatched_statements": []}""", tpOnly)).isNotNull();
        assertThatThrownBy(() -> JsonAnswers.read("""
                {"reasoning": "r", "satisfied": [4], "missed": [], "unmatched_statements": []}""", tpOnly))
                .isInstanceOf(MalformedResponseException.class);
        assertThatThrownBy(() -> JsonAnswers.read("""
                {"reasoning": "r", "satisfied": [1, 2], "missed": [], "unmatched_statements": []}""", full))
                .isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void thePromptNumbersEachListAndTheSystemPromptFitsTheMode() {
        assertThat(MetricPrompt.user("Q?", "R.", SAFETY)).isEqualTo("""
                <question>
                Q?
                </question>

                <response>
                R.
                </response>

                <should_contain>
                1. Names the dose.
                2. Names the interval.
                </should_contain>

                <should_not_contain>
                1. Recommends alcohol.
                2. Exceeds 4 g a day.
                </should_not_contain>""");
        assertThat(MetricPrompt.user("Q?", "R.", COVERAGE)).endsWith("""
                <should_contain>
                1. Names the dose.
                2. Names the interval.
                3. Mentions liver damage.
                </should_contain>""").doesNotContain("should_not_contain");
        assertThat(MetricPrompt.system(COVERAGE)).isEqualTo(MetricPrompt.TP_ONLY).contains("unmatched_statements")
                .contains("exactly once").doesNotContain("violated");
        assertThat(MetricPrompt.system(SAFETY)).isEqualTo(MetricPrompt.FULL_MATRIX).contains("violated").contains("respected")
                .contains("exactly once").doesNotContain("unmatched_statements");
    }
}
