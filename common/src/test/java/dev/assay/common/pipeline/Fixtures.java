package dev.assay.common.pipeline;

import dev.assay.common.spec.RunSpecs;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.message.Message;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.json.Json;
import dev.assay.common.validation.SpecReader;

import java.time.Instant;
import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.SupportLabel;

import java.util.List;

/** A small benchmark and a full chain of messages built from it, for tests of the message records. */
public final class Fixtures {

    public static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    public static final String BENCHMARK = """
            name: capitals
            questions:
              - id: fr
                question: What is the capital of France?
                raw_answer: Paris
                keywords: ["severity:low", jailbreak]
                template:
                  fields:
                    city: {type: string, description: the capital city, ground_truth: Paris}
                    population_m: {type: number, description: population in millions, ground_truth: 2.1, weight: 0.5}
                prompt_parameters: {country: France}
                rubric:
                  traits:
                    - {name: concise, kind: boolean, description: "Is the answer one sentence?"}
                    - {name: clarity, kind: score, description: How clear, min: 1, max: 5, higher_is_better: true}
                    - {name: tone, kind: literal, description: The tone, classes: {formal: Formal, casual: Casual}}
                    - {name: names_city, kind: expression, expression: "parsed.city == 'Paris'"}
                    - {name: coverage, kind: metric, mode: full_matrix, tp_instructions: [names Paris], tn_instructions: [names Lyon]}
                  dynamic_traits:
                    - {name: history, kind: boolean, description: Gives history, summary: the city's history}
                nuggets:
                  - {text: Paris is the capital, importance: vital}
                  - {text: About 2.1 million people live there}
                passages:
                  - {source: wiki/Paris, content: Paris is the capital of France., score: 0.8}
            """;

    public static final String CONFIG = """
            answering_models:
              - {interface: openai, model: gpt-4o, base_url: "http://127.0.0.1:9/v1", api_key_env: OPENAI_API_KEY}
            judges:
              - {interface: openai, model: judge-1}
            abstention_check: true
            rubric_strategy: sequential
            nugget_evaluation: {window_size: 5, prompt_style: optimized, output_format: yaml, per_passage: true}
            global_rubric:
              traits:
                - {name: no_hedging, kind: regex, pattern: "(?i)i think", invert: true}
            """;

    private Fixtures() {
    }

    public static Benchmark benchmark() {
        return SpecReader.read(BENCHMARK, Benchmark.class);
    }

    public static RunConfig config() {
        return SpecReader.read(CONFIG, RunConfig.class);
    }

    public static VerificationJob job() {
        return RunPlanner.plan("run-1", RunSpecs.validate(benchmark(), config()).orThrow(), NOW).get(0);
    }

    public static AnsweredJob answered() {
        VerificationJob job = job();
        RecordedCall call = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, job.answeringModel().canonicalKey(),
                List.of(Message.user(job.question().question())), "Paris, with 2.1 million people.",
                UsageMetadata.of("gpt-4o", 12, 8), 420, null);
        return AnsweredJob.of(job, new GenerationOutcome(call.response(), List.of(call), call.usage(), 430, null));
    }

    public static ParsedJob parsed() {
        AnsweredJob answered = answered();
        ModelConfig judge = answered.job().judges().get(0);
        // read from text, as a judge's answer arrives (floats become exact decimals)
        var parsedFields = Json.read("{\"city\":\"Paris\",\"population_m\":2.1}", com.fasterxml.jackson.databind.JsonNode.class);
        RecordedCall call = new RecordedCall(Stage.PARSING, PromptTask.PARSING, judge.canonicalKey(),
                List.of(Message.system("Extract."), Message.user("Paris, with 2.1 million people.")),
                Json.write(parsedFields), UsageMetadata.of("judge-1", 30, 10), 200, null);
        var verdict = dev.assay.common.template.TemplateVerifier.verify(answered.job().question().template(), parsedFields);
        return ParsedJob.of(answered, judge, new ParsingOutcome(new JudgeCheck(false, "answered"), parsedFields, verdict,
                List.of(call), call.usage(), 210, null));
    }

    public static RubricOutcome rubric() {
        MetricScores coverage = new MetricScores("full_matrix", List.of("names Paris"), List.of(), List.of("names Lyon"), List.of(),
                1.0, 1.0, 1.0, 1.0, 1.0);
        List<TraitScore> traits = List.of(new TraitScore("concise", "boolean", true, null, "one sentence", null),
                TraitScore.scored("clarity", "score", 4).withReasoning("clear"),
                TraitScore.labelled("tone", "literal", "formal", 0),
                TraitScore.verdict("names_city", "expression", true),
                new TraitScore("coverage", "metric", null, 1.0, null, null, null, coverage, null),
                new TraitScore("no_hedging", "regex", true, null, null, null),
                TraitScore.verdict("history", "boolean", false).asDynamic());
        NuggetOutcome nuggets = new NuggetOutcome(
                List.of(new NuggetJudgement("Paris is the capital", NuggetImportance.VITAL, SupportLabel.SUPPORT),
                        new NuggetJudgement("About 2.1 million people live there", NuggetImportance.OKAY, SupportLabel.PARTIAL_SUPPORT)),
                new NuggetScores(1.0, 0.5, 1.0, 0.75),
                List.of(new NuggetWindow(null, 0, 2, 2, "yaml", List.of(SupportLabel.SUPPORT, SupportLabel.PARTIAL_SUPPORT),
                        NuggetParseError.NONE)),
                List.of(new PassageSupport("wiki/Paris", List.of(SupportLabel.SUPPORT, SupportLabel.NOT_SUPPORT))), null);
        return new RubricOutcome(traits, new DynamicRubricOutcome(List.of("history"), List.of(), null), nuggets, List.of(),
                UsageMetadata.of("judge-1", 15, 3), 90, null);
    }

    public static VerificationResult result() {
        return VerificationResult.assemble(parsed(), rubric(), NOW);
    }
}
