package dev.assay.common.run;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.pipeline.Fixtures;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.Problem;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A global expression trait is compiled against every question's prompt parameters. */
class GlobalExpressionTraitsTest {

    private static final String CONFIG = """
            answering_models: [{interface: openai, model: a}]
            judges: [{interface: openai, model: j}]
            evaluation_mode: rubric_only
            global_rubric:
              traits:
                - {name: polite, kind: regex, pattern: please}
                - {name: sum_right, kind: expression, expression: 'int(response) == int(a) + int(b)'}
            """;

    private static Benchmark benchmark(String secondQuestionParameters) {
        return SpecReader.read("""
                questions:
                  - {id: q1, question: 'What is {a} + {b}?', prompt_parameters: {a: "2", b: "3"}}
                  - {id: q2, question: 'What is {a} plus some number?', prompt_parameters: %s}
                """.formatted(secondQuestionParameters), Benchmark.class);
    }

    @Test
    void aParameterOneQuestionLacksIsAnErrorNamingThatQuestion() {
        // the config alone is fine: without a question, a and b may be parameters
        RunConfig config = SpecReader.read(CONFIG, RunConfig.class);

        assertThat(RunSpecs.validate(benchmark("{a: \"4\"}"), config).problems()).extracting(Problem::pathMessage).containsExactly(
                "config.global_rubric.traits[1].expression: undeclared reference to 'b' at line 1, column 31 "
                        + "(known variables: response, parsed, params, variables, outputs, a) (for benchmark.questions[1], id \"q2\")");
    }

    @Test
    void whenEveryQuestionHasTheParametersTheTraitJoinsEveryJob() {
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(benchmark("{a: \"4\", b: \"5\", c: \"6\"}"),
                SpecReader.read(CONFIG, RunConfig.class)).orThrow(), Fixtures.NOW);

        assertThat(jobs).hasSize(2);
        assertThat(jobs).allSatisfy(job -> assertThat(job.question().rubric().traits()).extracting("name")
                .containsExactly("polite", "sum_right"));
    }

    @Test
    void aProblemNoQuestionCausesIsReportedOnceNotPerQuestion() throws Exception {
        // bound without validation, so that the run's validation is what reports it: once, by the config's own check
        RunConfig config = dev.assay.common.json.Json.yaml().readValue(CONFIG.replace("int(a) + int(b)", "int(a) + readFile(b)"),
                RunConfig.class);

        assertThat(RunSpecs.validate(benchmark("{a: \"4\", b: \"5\"}"), config).problems()).extracting(Problem::pathMessage)
                .containsExactly(
                "config.global_rubric.traits[1].expression: unknown function 'readFile' at line 1, column 35 "
                        + "(available: CEL's standard functions and macros, its strings, regex and optional extensions, and fuzzRatio)");
    }
}
