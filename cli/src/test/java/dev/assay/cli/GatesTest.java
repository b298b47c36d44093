package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.cli.report.RunData;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The exit code a finished run earns: the error gate, the pass-rate gate and which wins (docs/cli.md, Exit codes). */
class GatesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void aRunWhoseEveryResultIsAnErrorDoesNotExitZero() {
        RunData run = run(errors("m", 5));

        assertThat(Gates.of(run, null, 0).exitCode()).isEqualTo(ExitCodes.ERRORS);
        assertThat(Gates.of(run, null, 0).reasons()).containsExactly(
                "results in error: m (judge j): 5 of 5 results in error (100.0%), above --max-error-rate 0 (retry 5)");
        // not even when every error is allowed: nothing was measured
        Gates.Verdict allowed = Gates.of(run, null, 1);
        assertThat(allowed.exitCode()).isEqualTo(ExitCodes.ERRORS);
        assertThat(allowed.reasons()).singleElement().asString().contains("every one of the run's 5 results is in error");
    }

    @Test
    void anyErrorFailsTheRunByDefaultAndMaxErrorRateAllowsAShare() {
        List<JsonNode> results = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            results.add(result("m", "q" + i, "passed"));
        }
        results.addAll(errors("m", 1));

        assertThat(Gates.of(run(results), null, 0).exitCode()).isEqualTo(ExitCodes.ERRORS);
        assertThat(Gates.of(run(results), null, 0.05).exitCode()).isEqualTo(ExitCodes.ERRORS);
        // 1 of 10 is 0.1: allowed at 0.1
        Gates.Verdict allowed = Gates.of(run(results), null, 0.1);
        assertThat(allowed.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(allowed.reasons()).isEmpty();
    }

    @Test
    void theShareIsPerAnsweringModelAndJudge() {
        // m2 fails on every call: 3 of 8 results over the run, but all of m2's
        List<JsonNode> results = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            results.add(result("m1", "q" + i, "passed"));
        }
        results.addAll(errors("m2", 3));

        Gates.Verdict verdict = Gates.of(run(results), null, 0.5);

        assertThat(verdict.exitCode()).isEqualTo(ExitCodes.ERRORS);
        assertThat(verdict.reasons()).singleElement().asString().startsWith("results in error: m2 (judge j): 3 of 3");
    }

    @Test
    void aGroupWithResultsButNoVerdictMissesThePassRate() {
        // m2 abstained on everything: no errors, no verdict, so no pass rate to meet 0.8 with
        List<JsonNode> results = new ArrayList<>(List.of(result("m1", "a", "passed"), result("m1", "b", "passed")));
        results.add(json("""
                {"question_id":"a","answering_model":"m2","judge":"j","replicate":1,"status":"abstained",
                 "failure":{"category":"abstained","stage":"parsing","reason":"declined"}}"""));

        Gates.Verdict verdict = Gates.of(run(results), 0.8, 0);

        assertThat(verdict.exitCode()).isEqualTo(ExitCodes.THRESHOLD_MISSED);
        assertThat(verdict.reasons()).containsExactly("below --min-pass-rate: m2 (judge j): no template verdict among its 1 "
                + "results (abstained 1), so no pass rate to meet 0.8");
    }

    @Test
    void aPassRateBelowTheThresholdSaysHowManyWereScored() {
        List<JsonNode> results = List.of(result("m", "a", "passed"), result("m", "b", "failed"), result("m", "c", "failed"));

        Gates.Verdict verdict = Gates.of(run(results), 0.5, 0);

        assertThat(verdict.exitCode()).isEqualTo(ExitCodes.THRESHOLD_MISSED);
        assertThat(verdict.reasons()).containsExactly("below --min-pass-rate: m (judge j): pass rate 0.333 (1 / 3 scored of 3) "
                + "is below 0.5");
        assertThat(Gates.of(run(results), 0.3, 0).exitCode()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void whenBothGatesFailErrorsWinAndBothReasonsArePrinted() {
        // the run: 4 errors and 1 failure, with --min-pass-rate 0.8
        List<JsonNode> results = new ArrayList<>(errors("m", 4));
        results.add(result("m", "z", "failed"));

        Gates.Verdict verdict = Gates.of(run(results), 0.8, 0);

        assertThat(verdict.exitCode()).isEqualTo(ExitCodes.ERRORS);
        assertThat(verdict.reasons()).containsExactly(
                "results in error: m (judge j): 4 of 5 results in error (80.0%), above --max-error-rate 0 (retry 4)",
                "below --min-pass-rate: m (judge j): pass rate 0.000 (0 / 1 scored of 5) is below 0.8",
                "exit 4: results in error take precedence over the missed --min-pass-rate (exit 1 on its own)");
    }

    @Test
    void aRateOutsideZeroToOneIsInvalidInputBeforeAnythingStarts() {
        CliRun tooHigh = CliRun.of("watch", "run-x", "--max-error-rate", "1.5", "--server", "http://127.0.0.1:9");
        assertThat(tooHigh.exit()).as(tooHigh.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(tooHigh.err()).contains("--max-error-rate", "must be between 0 and 1, got 1.5");

        CliRun notANumber = CliRun.of("run", "b.yaml", "--min-pass-rate", "most");
        assertThat(notANumber.exit()).as(notANumber.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(notANumber.err()).contains("--min-pass-rate", "must be a number between 0 and 1, got \"most\"");
    }

    private static RunData run(List<JsonNode> results) {
        return new RunData("run-x", results, null, null);
    }

    private static List<JsonNode> errors(String model, int count) {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(json("""
                    {"question_id":"e%d","answering_model":"%s","judge":"j","replicate":1,"status":"error",
                     "failure":{"category":"retry","stage":"generation","reason":"HTTP 503"}}""".formatted(i, model)));
        }
        return out;
    }

    private static JsonNode result(String model, String question, String status) {
        return json("""
                {"question_id":"%s","answering_model":"%s","judge":"j","replicate":1,"status":"%s"}"""
                .formatted(question, model, status));
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
