package dev.assay.common.benchmark;

import dev.assay.common.validation.Problem;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetPromptStyle;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.RubricStrategy;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** What a benchmark author gets told about rubric traits, dynamic traits and nuggets, as path: message. */
class RubricValidationTest {

    private static List<String> errors(String benchmarkYaml) {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read(benchmarkYaml, Benchmark.class));
        assertThat(error).as("expected validation errors").isNotNull();
        return error.errors().stream().map(ValidationError::toString).toList();
    }

    @Test
    void everyKindReadsFromYamlWithItsFields() {
        Benchmark benchmark = SpecReader.read("""
                questions:
                  - id: q1
                    question: Explain photosynthesis.
                    prompt_parameters: {a: "2", b: "3"}
                    rubric:
                      traits:
                        - {name: cites, kind: boolean, description: Names a source}
                        - {name: clarity, kind: score, description: How clear, min: 0, max: 10, higher_is_better: true}
                        - name: tone
                          kind: literal
                          description: The tone
                          classes: {formal: Formal register, casual: Casual register, rude: Rude}
                        - {name: no_sorry, kind: regex, pattern: sorry, case_sensitive: false, invert: true}
                        - {name: sum, kind: expression, expression: "int(response) == int(a) + int(b)"}
                        - name: coverage
                          kind: metric
                          mode: full_matrix
                          tp_instructions: [mentions chlorophyll, mentions light]
                          tn_instructions: [claims animals photosynthesise]
                      dynamic_traits:
                        - {name: safety, kind: boolean, description: Gives safety advice, summary: lab safety}
                    nuggets:
                      - {text: Plants convert light to chemical energy, importance: vital}
                      - {text: Chlorophyll absorbs light}
                    passages:
                      - {source: doc-1, content: Photosynthesis happens in chloroplasts., score: 0.9}
                """, Benchmark.class);
        Question question = benchmark.questions().get(0);
        assertThat(question.rubric().traits()).extracting(RubricTrait::kind)
                .containsExactly("boolean", "score", "literal", "regex", "expression", "metric");
        RubricTrait tone = question.rubric().traits().get(2);
        assertThat(tone.classNames()).containsExactly("formal", "casual", "rude");
        assertThat(question.rubric().traits().get(1).effectiveMax()).isEqualTo(10);
        assertThat(question.rubric().traits().get(5).isFullMatrix()).isTrue();
        assertThat(question.rubric().dynamicTraits().get(0).concept()).isEqualTo("lab safety");
        assertThat(question.nuggets()).extracting(Nugget::importance).containsExactly(NuggetImportance.VITAL, NuggetImportance.OKAY);
        assertThat(question.passages().get(0).score()).isEqualTo(0.9);
        assertThat(question.promptParameters()).containsEntry("a", "2");
    }

    @Test
    void eachKindNamesWhatIsMissingOrMisplaced() {
        assertThat(errors("""
                questions:
                  - question: Q
                    rubric:
                      traits:
                        - {name: a, kind: score, description: x, min: 5, max: 5}
                        - {name: b, kind: literal, description: x, classes: {only: one}}
                        - {name: c, kind: boolean, description: x, pattern: "y"}
                        - {name: d, kind: metric, tp_instructions: []}
                        - {name: e, kind: metric, tp_instructions: [x], tn_instructions: [y]}
                        - {name: f, kind: expression, expression: "true", result: scor}
                        - {name: g, kind: scor, description: x}
                        - {name: h, kind: literal, description: x, classes: {one: "", two: ok}}
                """)).containsExactly(
                "questions[0].rubric.traits[0].max: must be greater than min (min 5, max 5)",
                "questions[0].rubric.traits[1].classes: needs at least two classes (name: description), got 1",
                "questions[0].rubric.traits[2].pattern: is not used by boolean traits (they use deep_judgment)",
                "questions[0].rubric.traits[3].tp_instructions: needs at least one instruction",
                "questions[0].rubric.traits[4].tn_instructions: are only used in mode full_matrix; set mode: full_matrix or remove them",
                "questions[0].rubric.traits[5].result: unknown result \"scor\" (did you mean \"score\"?); expected one of boolean, score, literal",
                "questions[0].rubric.traits[6].kind: unknown trait kind \"scor\" (did you mean \"score\"?); known kinds: boolean, score, literal, regex, expression, metric, agentic",
                "questions[0].rubric.traits[7].classes.one: needs a description for the judge");
    }

    @Test
    void dynamicTraitsNeedAConceptAndShareTheNameSpace() {
        assertThat(errors("""
                questions:
                  - question: Q
                    rubric:
                      traits: [{name: a, kind: regex, pattern: x}]
                      dynamic_traits:
                        - {name: a, kind: regex, pattern: y}
                """)).containsExactly(
                "questions[0].rubric.dynamic_traits[0].summary: a dynamic trait needs a summary or a description: the presence check asks whether the response is about it",
                "questions[0].rubric.dynamic_traits[0].name: duplicate trait name \"a\" (also traits[0])");
    }

    @Test
    void nuggetsNeedTextAndAKnownImportance() {
        assertThat(errors("""
                questions:
                  - question: Q
                    nuggets: [{text: t, importance: vitall}]
                """)).containsExactly(
                "questions[0].nuggets[0].importance: unknown importance \"vitall\" (did you mean \"vital\"?); expected one of vital, okay");
        assertThat(errors("""
                questions:
                  - question: Q
                    nuggets: [{importance: vital}]
                    passages: [{source: s}]
                """)).containsExactly("questions[0].nuggets[0].text: is required", "questions[0].passages[0].content: is required");
    }

    @Test
    void nuggetSettingsAndStrategyAreCheckedInTheRunConfig() {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read("""
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                rubric_strategy: sequentially
                nugget_evaluation: {window_size: 0, prompt_style: cot, output_format: jsonl}
                """, RunConfig.class));
        assertThat(error.errors()).extracting(ValidationError::toString).containsExactlyInAnyOrder(
                "rubric_strategy: unknown rubric strategy \"sequentially\" (did you mean \"sequential\"?); expected one of batch, sequential",
                "nugget_evaluation.prompt_style: unknown nugget prompt style \"cot\"; valid styles: no_reasoning, short_cot, long_cot, legacy, optimized",
                "nugget_evaluation.output_format: unknown nugget output format \"jsonl\" (did you mean \"json\"?); valid formats: json, markdown, csv, yaml, xml, adaptive",
                "nugget_evaluation.window_size: must be between 1 and 100, got 0");
    }

    @Test
    void globalTraitsMergeIntoEveryQuestionAndTheSettingsReachTheJobs() {
        Benchmark benchmark = SpecReader.read("""
                questions:
                  - id: q1
                    question: Q1
                    rubric: {traits: [{name: own, kind: regex, pattern: x}]}
                    nuggets: [{text: n1}]
                  - id: q2
                    question: Q2
                """, Benchmark.class);
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                rubric_strategy: sequential
                nugget_evaluation: {window_size: 4, prompt_style: long_cot, output_format: xml, per_passage: true}
                global_rubric:
                  traits: [{name: polite, kind: boolean, description: Is polite}]
                  dynamic_traits: [{name: dosage, kind: boolean, description: Gives a dose, summary: medication}]
                """, RunConfig.class);
        List<VerificationJob> jobs = RunPlanner.plan("r", RunSpecs.validate(benchmark, config).orThrow(), Instant.EPOCH);
        assertThat(jobs.get(0).question().rubric().names()).containsExactly("own", "polite", "dosage");
        assertThat(jobs.get(1).question().rubric().names()).containsExactly("polite", "dosage");
        assertThat(jobs.get(0).settings().rubricStrategy()).isEqualTo(RubricStrategy.SEQUENTIAL);
        assertThat(jobs.get(0).settings().nuggetEvaluation().effectiveWindowSize()).isEqualTo(4);
        assertThat(jobs.get(0).settings().nuggetEvaluation().effectivePromptStyle()).isEqualTo(NuggetPromptStyle.LONG_COT);
        assertThat(jobs.get(0).settings().nuggetEvaluation().effectiveOutputFormat()).isEqualTo(NuggetOutputFormat.XML);
        assertThat(jobs.get(0).question().nuggets()).hasSize(1);
    }

    @Test
    void aGlobalNameClashWithADynamicTraitAndNuggetsInTemplateOnlyModeAreErrors() {
        Benchmark benchmark = SpecReader.read("""
                questions:
                  - id: q1
                    question: Q1
                    template: {fields: {n: {type: integer, description: n, ground_truth: 1}}}
                    rubric: {dynamic_traits: [{name: polite, kind: boolean, description: d}]}
                    nuggets: [{text: n1}]
                """, Benchmark.class);
        RunConfig config = SpecReader.read("""
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: template_only
                global_rubric: {traits: [{name: polite, kind: boolean, description: Is polite}]}
                """, RunConfig.class);
        assertThat(RunSpecs.validate(benchmark, config).problems()).extracting(Problem::pathMessage)
                .containsExactly(
                        "benchmark.questions[0].rubric.dynamic_traits[0].name: \"polite\" is also a global trait (config.global_rubric)",
                        "benchmark.questions[0].nuggets: are judged in the rubric stage, which evaluation mode template_only skips; "
                                + "use template_and_rubric or rubric_only");
    }
}
