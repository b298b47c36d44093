package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RecordedVerdictsTest {

    private static final Benchmark RECORDED = SpecReader.read("""
            questions:
              - {id: safe, question: a, metadata: {lve: {recorded_passed: true}}}
              - {id: unsafe, question: b, metadata: {lve: {recorded_passed: false}}}
              - {id: flipped, question: c, metadata: {lve: {recorded_passed: true}}}
              - {id: toxic, question: d, metadata: {lve: {recorded_passed: true}}}
              - {id: plain, question: e}
            """, Benchmark.class);

    private static JsonNode result(String id, String traits) {
        return Json.read("{\"question_id\": \"" + id + "\", \"rubric\": " + traits + "}", JsonNode.class);
    }

    @Test
    void agreementsAndDisagreementsAreCountedAndTheDifferencesNamed() {
        List<JsonNode> results = List.of(
                result("safe", "[{\"name\": \"checker\", \"kind\": \"regex\", \"passed\": true}]"),
                result("unsafe", "[{\"name\": \"checker\", \"kind\": \"regex\", \"passed\": false}]"),
                result("flipped", "[{\"name\": \"other\", \"passed\": true}, {\"name\": \"checker\", \"passed\": false}]"),
                // the checker did not convert: no trait to compare
                result("toxic", "[]"),
                result("plain", "[{\"name\": \"checker\", \"passed\": true}]"));

        RecordedVerdicts.Comparison comparison = RecordedVerdicts.compare(RECORDED, results).orElseThrow();

        assertThat(comparison.compared()).isEqualTo(3);
        assertThat(comparison.unchecked()).isEqualTo(1);
        assertThat(comparison.disagreements()).containsExactly("flipped (recorded passed, re-checked failed)");
        assertThat(comparison.render()).isEqualTo("""
                recorded LVE verdicts: 2 of 3 re-checked agree, 1 not re-checked (checker not converted, or its trait failed)
                  differs: flipped (recorded passed, re-checked failed)
                """);
    }

    @Test
    void aTraitThatFailedIsNotAVerdict() {
        List<JsonNode> results = List.of(result("safe", "[{\"name\": \"checker\", \"error\": \"does not compile\"}]"));
        RecordedVerdicts.Comparison comparison = RecordedVerdicts.compare(RECORDED, results).orElseThrow();
        assertThat(comparison.compared()).isZero();
        assertThat(comparison.unchecked()).isEqualTo(1);
    }

    @Test
    void aBenchmarkWithoutRecordingsHasNothingToCompare() {
        Benchmark plain = SpecReader.read("questions: [{id: q, question: a}]", Benchmark.class);
        assertThat(RecordedVerdicts.compare(plain, List.of(result("q", "[]")))).isEmpty();
    }
}
