package dev.assay.common.run;

import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.json.Json;
import dev.assay.common.run.RunOutput;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ManualAnswerTest {

    @Test
    void aPlainAnswerIsTextAndStaysTextWhenWritten() throws Exception {
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                manual_answers: {q1: "four"}
                """, RunConfig.class);
        assertThat(config.manualAnswers().get("q1")).isEqualTo(ManualAnswer.of("four"));
        assertThat(Json.yaml().writeValueAsString(config)).contains("q1: \"four\"");
    }

    @Test
    void anAnswerWithVariablesAndOutputsRoundTripsAndDefaultsItsResponse() throws Exception {
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                manual_answers:
                  q1: {variables: {first: "3", second: "5"}}
                  q2:
                    outputs:
                      - {name: a, repetition: 1, response: "x"}
                      - {name: a, repetition: 2, response: "y"}
                """, RunConfig.class);
        ManualAnswer variables = config.manualAnswers().get("q1");
        assertThat(variables.response()).isEqualTo("5");
        assertThat(variables.variables()).containsExactly(Map.entry("first", "3"), Map.entry("second", "5"));
        ManualAnswer outputs = config.manualAnswers().get("q2");
        assertThat(outputs.response()).isEqualTo("y");
        assertThat(outputs.outputs()).extracting(RunOutput::repetition).containsExactly(1, 2);

        RunConfig back = SpecReader.read(Json.yaml().writeValueAsString(config), RunConfig.class);
        assertThat(back.manualAnswers()).isEqualTo(config.manualAnswers());
    }

    @Test
    void theJobCarriesTheRecordedVariablesAndOutputs() {
        Benchmark benchmark = SpecReader.read("questions: [{id: q1, question: 'Add'}]", Benchmark.class);
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                manual_answers: {q1: {response: "8", variables: {a: "3", response: "8"}}}
                """, RunConfig.class);
        VerificationJob job = RunPlanner.plan("r1", RunSpecs.validate(benchmark, config).orThrow(), Instant.EPOCH).get(0);
        assertThat(job.manualAnswer()).isEqualTo("8");
        assertThat(job.manualVariables()).containsEntry("a", "3");
        assertThat(job.manualOutputs()).isNull();
        assertThat(Json.read(Json.write(job), VerificationJob.class)).isEqualTo(job);
    }
}
