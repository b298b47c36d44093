package dev.assay.common.run;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Passage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Fixtures;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class RunPlannerTest {

    private static final String TWO_QUESTIONS = """
            questions:
              - id: q1
                question: What is 2+2?
                template: {fields: {n: {type: integer, description: the sum, ground_truth: 4}}}
                rubric: {traits: [{name: concise, kind: boolean, description: short}]}
              - question: What is 3+3?
                template: {fields: {n: {type: integer, description: the sum, ground_truth: 6}}}
            """;

    private static RunConfig config(String yaml) {
        return SpecReader.read(yaml, RunConfig.class);
    }

    @Test
    void oneJobPerQuestionModelAndReplicateInOrder() {
        Benchmark benchmark = SpecReader.read(TWO_QUESTIONS, Benchmark.class);
        RunConfig config = config("""
                answering_models: [{interface: openai, model: a}, {interface: openai, model: b}]
                judges: [{interface: openai, model: j1}, {interface: anthropic, model: j2}]
                replicates: 2
                global_rubric: {traits: [{name: polite, kind: regex, pattern: please}]}
                """);
        List<VerificationJob> jobs = RunPlanner.plan("run-9", benchmark, config, Fixtures.NOW);

        assertThat(jobs).hasSize(2 * 2 * 2);
        assertThat(jobs).extracting(job -> job.question().id() + "/" + job.answeringModel().model() + "/" + job.replicate())
                .containsExactly("q1/a/1", "q1/a/2", "q1/b/1", "q1/b/2",
                        benchmark.questions().get(1).id() + "/a/1", benchmark.questions().get(1).id() + "/a/2",
                        benchmark.questions().get(1).id() + "/b/1", benchmark.questions().get(1).id() + "/b/2");
        assertThat(jobs).extracting(VerificationJob::jobId).doesNotHaveDuplicates();
        assertThat(jobs.get(0).judges()).hasSize(2);
        assertThat(jobs.get(0).question().rubric().traits()).extracting("name").containsExactly("concise", "polite");
        assertThat(jobs.get(4).question().rubric().traits()).extracting("name").containsExactly("polite");
        // planning is deterministic: the same run plans the same ids
        assertThat(RunPlanner.plan("run-9", benchmark, config, Fixtures.NOW)).extracting(VerificationJob::jobId)
                .isEqualTo(jobs.stream().map(VerificationJob::jobId).toList());
    }

    @Test
    void manualAnswersByIdOrByQuestionMd5() {
        Benchmark benchmark = SpecReader.read(TWO_QUESTIONS, Benchmark.class);
        String md5 = benchmark.questions().get(1).questionHash();
        RunConfig config = config("""
                answering_models: [{interface: manual}]
                judges: [{interface: openai, model: j}]
                manual_answers: {q1: "four", %s: "six"}
                """.formatted(md5));
        List<VerificationJob> jobs = RunPlanner.plan("r", benchmark, config, Fixtures.NOW);
        assertThat(jobs).extracting(VerificationJob::manualAnswer).containsExactly("four", "six");
        assertThat(jobs.get(0).answeringModel().canonicalKey()).isEqualTo("manual:manual");
    }

    @Test
    void crossDocumentProblemsAreAllListedWithPaths() throws Exception {
        Benchmark benchmark = SpecReader.read("""
                questions:
                  - id: q1
                    question: What is 2+2?
                    rubric: {traits: [{name: polite, kind: boolean, description: x}]}
                  - id: q2
                    question: What is 3+3?
                    template: {fields: {n: {type: integer, description: the sum, ground_truth: 6}}}
                """, Benchmark.class);
        // bound without validation, so the planner's check is what reports every problem
        RunConfig config = Json.yaml().readValue("""
                answering_models: [{interface: manual}]
                judges: [{interface: manual}]
                manual_answers: {q2: "six", q7: "?"}
                global_rubric: {traits: [{name: polite, kind: regex, pattern: please}]}
                """, RunConfig.class);
        ValidationException error = catchThrowableOfType(ValidationException.class,
                () -> RunPlanner.plan("r", benchmark, config, Fixtures.NOW));
        assertThat(error.errors()).extracting(ValidationError::toString).containsExactlyInAnyOrder(
                "config.judges[0].interface: a judge must be a model; manual is only for answering",
                "benchmark.questions[0].template: is required in evaluation mode template_and_rubric (or set evaluation_mode: rubric_only)",
                "benchmark.questions[0].rubric.traits[0].name: \"polite\" is also a global trait (config.global_rubric)",
                "benchmark.questions[0]: no manual answer: config.manual_answers has neither its id \"q1\" nor its MD5 \""
                        + benchmark.questions().get(0).questionHash() + "\"",
                "config.manual_answers.q7: matches no question id or question MD5");
    }

    @Test
    void rubricOnlyNeedsNoTemplate() {
        Benchmark benchmark = SpecReader.read("""
                questions: [{question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}]
                """, Benchmark.class);
        RunConfig config = config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """);
        assertThat(RunPlanner.check(benchmark, config, "benchmark", "config").isEmpty()).isTrue();
    }

    @Test
    void aSufficiencyCheckWithoutATemplateModeIsAnError() {
        Benchmark benchmark = SpecReader.read("""
                questions: [{question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}]
                """, Benchmark.class);
        RunConfig config = config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                sufficiency_check: true
                """);
        assertThat(RunPlanner.check(benchmark, config, "benchmark", "config").errors()).extracting(ValidationError::toString)
                .containsExactly("config.sufficiency_check: needs a template, but evaluation mode rubric_only uses none; "
                        + "turn it off or use template_only / template_and_rubric");
    }

    @Test
    void eachJobCarriesItsQuestionsFewShotExamples() {
        Benchmark benchmark = SpecReader.read("""
                questions:
                  - id: q1
                    question: Say hi
                    few_shot: [{question: Say bye, answer: bye}]
                    rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}
                """, Benchmark.class);
        RunConfig config = config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                few_shot:
                  mode: ids
                  ids: [second]
                  examples: [{id: first, question: Q1, answer: A1}, {id: second, question: Q2, answer: A2}]
                """);
        List<VerificationJob> jobs = RunPlanner.plan("r", benchmark, config, Fixtures.NOW);
        assertThat(jobs.get(0).question().fewShot()).extracting("question").containsExactly("Say bye", "Q2");
    }

    @Test
    void ragAndFewShotProblemsAreReportedUnderTheConfigPath() throws Exception {
        Benchmark benchmark = SpecReader.read("""
                questions: [{question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}]
                """, Benchmark.class);
        RunConfig config = Json.yaml().readValue("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                rag: {variant: strickt}
                few_shot: {mode: ids, ids: [nope], examples: [{id: one, question: Q, answer: A}]}
                """, RunConfig.class);
        assertThat(RunPlanner.check(benchmark, config, "benchmark", "config").errors()).extracting(ValidationError::toString)
                .containsExactly(
                        "config.rag.variant: unknown prompt variant \"strickt\" (did you mean \"strict\"?); valid variants: "
                                + "baseline, strict, citation, anti_prior, shouting",
                        "config.few_shot.ids[0]: no example in the pool has id \"nope\"; pool ids: one");
    }

    @Test
    void aQuestionWithPassagesNeedsItsText() {
        Question noText = new Question("q1", " ", null, null, null, null, null,
                List.of(new Passage("a.md", "Alpha.", null)), null, null, null, null, null);
        Problems problems = new Problems();
        RunPlanner.checkPassages(noText, "benchmark.questions[0]", problems);
        assertThat(problems.errors()).extracting(ValidationError::toString).containsExactly(
                "benchmark.questions[0].question: is required: the question has passages, and the retrieval-augmented prompt "
                        + "asks this text over them");

        // reported once, whichever check finds it first
        Benchmark benchmark = new Benchmark("b", null, List.of(noText));
        RunConfig config = config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """);
        assertThat(RunPlanner.check(benchmark, config, "benchmark", "config").errors())
                .filteredOn(error -> error.path().equals("benchmark.questions[0].question")).hasSize(1);
    }
}
