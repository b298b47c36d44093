package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TemplateVerifierTest {

    private static final AnswerTemplate TEMPLATE = SpecReader.read("""
            questions:
              - question: q
                template:
                  fields:
                    city: {type: string, description: c, ground_truth: Paris, weight: 3}
                    legs: {type: integer, description: l, ground_truth: 8}
                    primes: {type: list, items: number, description: p, ground_truth: [2, 3, 5]}
            """, Benchmark.class).questions().get(0).template();

    private static JsonNode json(String text) throws Exception {
        return Json.mapper().readTree(text);
    }

    @Test
    void allFieldsEqualPasses() throws Exception {
        TemplateVerdict verdict = TemplateVerifier.verify(TEMPLATE, json("{\"city\":\" Paris \",\"legs\":8.0,\"primes\":[2,3,5]}"));
        assertThat(verdict.passed()).isTrue();
        assertThat(verdict.score()).isEqualTo(1.0);
        assertThat(verdict.fields()).extracting(FieldVerdict::passed).containsOnly(true);
    }

    @Test
    void oneWrongFieldFailsAndTheScoreIsWeighted() throws Exception {
        TemplateVerdict verdict = TemplateVerifier.verify(TEMPLATE, json("{\"city\":\"Paris\",\"legs\":6,\"primes\":[2,3,5]}"));
        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.score()).isCloseTo(4.0 / 5.0, within(1e-9));
        assertThat(verdict.fields().get(1).detail()).isEqualTo("expected 8, got 6");
    }

    @Test
    void caseOrderAndNullsMatter() throws Exception {
        TemplateVerdict verdict = TemplateVerifier.verify(TEMPLATE, json("{\"city\":\"paris\",\"legs\":null,\"primes\":[3,2,5]}"));
        assertThat(verdict.fields()).extracting(FieldVerdict::passed).containsExactly(false, false, false);
        assertThat(verdict.fields().get(1).detail()).isEqualTo("the judge found no value");
        // the list default, ordered_match, is graded: 5 is in its place, one of three positions
        assertThat(verdict.fields()).extracting(FieldVerdict::primitive).containsExactly("exact", "numeric_exact", "ordered_match");
        assertThat(verdict.score()).isCloseTo((1.0 / 3) / 5, within(1e-9));
        assertThat(TemplateVerifier.verify(TEMPLATE, null).passed()).isFalse();
        assertThat(TemplateVerifier.verify(TEMPLATE, null).score()).isZero();
    }

    @Test
    void numbersWrittenAsTextCompareByValue() throws Exception {
        assertThat(TemplateVerifier.verify(TEMPLATE, json("{\"city\":\"Paris\",\"legs\":\"8\",\"primes\":[2,3,5.0]}")).passed()).isTrue();
    }
}
