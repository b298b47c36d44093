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

    @Test
    void aTraceIsReadInAssaysFormAndInKareninasAndTheAnswerIsItsLastAssistantText() throws Exception {
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                manual_answers:
                  q1:
                    trace:
                      - {role: user, content: "On which chromosome is BRCA1?"}
                      - role: assistant
                        content: "Let me look."
                        tool_calls: [{id: c1, name: lookup, args: {key: BRCA1}}]
                      - {role: tool, tool_call_id: c1, content: "17q21.31"}
                      - {role: assistant, content: "Chromosome 17."}
                  4c1a8f1b5f3e3c2d5d0b9f3a1e2c4b6d:
                    trace:
                      - {role: user, content: [{type: text, text: "2 + 3?"}]}
                      - role: assistant
                        content: [{type: tool_use, id: c9, name: add, input: {a: 2, b: 3}}]
                      - role: tool
                        content: [{type: tool_result, tool_use_id: c9, content: "boom", is_error: true}]
                      - type: ai
                        tool_calls: [{id: c10, type: function, function: {name: add, arguments: "{\\"a\\":2,\\"b\\":3}"}}]
                """, RunConfig.class);
        ManualAnswer langchain = config.manualAnswers().get("q1");
        assertThat(langchain.isTrace()).isTrue();
        assertThat(langchain.response()).isEqualTo("Chromosome 17.");
        assertThat(langchain.trace()).hasSize(4);
        assertThat(langchain.trace().get(1).text()).isEqualTo("Let me look.");
        assertThat(langchain.trace().get(1).toolUses().get(0).input().get("key").asText()).isEqualTo("BRCA1");
        assertThat(langchain.trace().get(2).content().get(0))
                .isEqualTo(new dev.assay.common.message.ToolResultBlock("c1", "17q21.31", false));

        ManualAnswer blocks = config.manualAnswers().get("4c1a8f1b5f3e3c2d5d0b9f3a1e2c4b6d");
        assertThat(((dev.assay.common.message.ToolResultBlock) blocks.trace().get(2).content().get(0)).isError()).isTrue();
        // OpenAI's arguments string is read as the object it holds; the trace ends on that call, with no answer
        assertThat(blocks.trace().get(3).role()).isEqualTo(dev.assay.common.message.Role.ASSISTANT);
        assertThat(blocks.trace().get(3).toolUses().get(0).input().get("b").asInt()).isEqualTo(3);
        assertThat(blocks.response()).isEmpty();

        // written back in Assay's form, read again unchanged: a result's trace_messages can be pasted in
        RunConfig back = SpecReader.read(Json.yaml().writeValueAsString(config), RunConfig.class);
        assertThat(back.manualAnswers()).isEqualTo(config.manualAnswers());
    }

    @Test
    void theJobCarriesTheTraceKeyedByTheQuestionsMd5() {
        Benchmark benchmark = SpecReader.read("questions: [{id: q1, question: 'On which chromosome is BRCA1?'}]", Benchmark.class);
        String md5 = benchmark.questions().get(0).questionHash();
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                manual_answers:
                  %s:
                    trace:
                      - {role: user, content: "On which chromosome is BRCA1?"}
                      - {role: assistant, content: "17", tool_calls: [{id: c1, name: lookup, args: {}}]}
                      - {role: tool, tool_call_id: c1, content: "17q21"}
                      - {role: assistant, content: "Chromosome 17."}
                """.formatted(md5), RunConfig.class);
        VerificationJob job = RunPlanner.plan("r1", RunSpecs.validate(benchmark, config).orThrow(), Instant.EPOCH).get(0);
        assertThat(job.manualAnswer()).isEqualTo("Chromosome 17.");
        assertThat(job.manualTrace()).hasSize(4);
        assertThat(Json.read(Json.write(job), VerificationJob.class)).isEqualTo(job);
    }

    @Test
    void aToolResultAnsweringNoCallIsAProblemNamingItsPlace() {
        String config = """
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                manual_answers:
                  q1:
                    trace:
                      - {role: user, content: "Add"}
                      - {role: tool, tool_call_id: c7, content: "5"}
                      - {role: assistant, content: "5"}
                """;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SpecReader.read(config, RunConfig.class))
                .hasMessageContaining("manual_answers.q1.trace[1]")
                .hasMessageContaining("the tool result for \"c7\" answers no earlier tool call");
    }
}
