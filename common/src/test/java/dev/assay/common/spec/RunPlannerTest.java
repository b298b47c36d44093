package dev.assay.common.spec;

import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.RunConfig;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.pipeline.Fixtures;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How a validated run expands into jobs; what makes a run valid is RunSpecsTest's. */
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
        List<VerificationJob> jobs = RunPlanner.plan("run-9", RunSpecs.validate(benchmark, config).orThrow(), Fixtures.NOW);

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
        assertThat(RunPlanner.plan("run-9", RunSpecs.validate(benchmark, config).orThrow(), Fixtures.NOW)).extracting(VerificationJob::jobId)
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
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(benchmark, config).orThrow(), Fixtures.NOW);
        assertThat(jobs).extracting(VerificationJob::manualAnswer).containsExactly("four", "six");
        assertThat(jobs.get(0).answeringModel().canonicalKey()).isEqualTo("manual:manual");
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
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(benchmark, config).orThrow(), Fixtures.NOW);
        assertThat(jobs.get(0).question().fewShot()).extracting("question").containsExactly("Say bye", "Q2");
        assertThat(jobs.get(0).settings().fewShotAsText()).isFalse();

        // Karenina's defaults: off, and when turned on, one Question:/Answer: text
        RunConfig off = config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                few_shot: {enabled: false, format: text}
                """);
        VerificationJob job = RunPlanner.plan("r", RunSpecs.validate(benchmark, off).orThrow(), Fixtures.NOW).getFirst();
        assertThat(job.question().fewShot()).isEmpty();
        assertThat(job.settings().fewShotAsText()).isTrue();
        assertThatThrownBy(() -> config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                few_shot: {format: txt}
                """)).hasMessageContaining("few_shot.format: unknown format \"txt\" (did you mean \"text\"?); valid formats: messages, text");
    }

    @Test
    void aQuestionsOwnEvaluationModeGoesWithItsJobs() {
        // q2's template did not convert: it is run rubric only, while q1's template is still verified
        Benchmark benchmark = SpecReader.read("""
                questions:
                  - id: q1
                    question: What is 2+2?
                    template: {fields: {n: {type: integer, description: the sum, ground_truth: 4}}}
                  - id: q2
                    question: Say hi
                    evaluation_mode: rubric_only
                """, Benchmark.class);
        RunConfig config = config("""
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                """);
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(benchmark, config).orThrow(), Fixtures.NOW);
        assertThat(jobs).extracting(job -> job.settings().evaluationMode())
                .containsExactly(EvaluationMode.TEMPLATE_AND_RUBRIC, EvaluationMode.RUBRIC_ONLY);
    }
}
