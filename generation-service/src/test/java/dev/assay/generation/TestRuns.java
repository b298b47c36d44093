package dev.assay.generation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.RubricOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.common.validation.SpecReader;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small benchmark (two questions) and run config (two answering models, two judges: 4 jobs,
 * 8 results), and finished results built through the same chain of records the pipeline uses
 * (job → answered job → parsed job per judge → assembled result), as common's Fixtures do.
 */
public final class TestRuns {

    public static final String BENCHMARK_YAML = """
            name: capitals
            questions:
              - id: fr
                question: What is the capital of France?
                raw_answer: Paris
                template:
                  fields:
                    city: {type: string, description: the capital city, ground_truth: Paris}
              - id: de
                question: What is the capital of Germany?
                raw_answer: Berlin
                template:
                  fields:
                    city: {type: string, description: the capital city, ground_truth: Berlin}
            """;

    public static final String CONFIG_YAML = """
            name: capitals-smoke
            answering_models:
              - {interface: openai, model: gpt-4o, base_url: "http://127.0.0.1:9/v1", api_key_env: OPENAI_API_KEY}
              - {interface: openai, model: gpt-4o-mini, base_url: "http://127.0.0.1:9/v1", api_key_env: OPENAI_API_KEY}
            judges:
              - {interface: openai, model: judge-1, base_url: "http://127.0.0.1:9/v1"}
              - {interface: anthropic, model: claude-judge, api_key_env: ANTHROPIC_API_KEY}
            evaluation_mode: template_only
            """;

    public static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    /** How a test result should come out. */
    public enum Outcome { PASSED, FAILED, ABSTAINED, ERROR }

    private TestRuns() {
    }

    public static Benchmark benchmark() {
        return SpecReader.read(BENCHMARK_YAML, Benchmark.class);
    }

    public static RunConfig config() {
        return SpecReader.read(CONFIG_YAML, RunConfig.class);
    }

    /** The run body as JSON: {@code {"benchmark": …, "config": …}}. */
    public static String bodyJson() {
        return bodyJson(CONFIG_YAML);
    }

    /** The benchmark with another run config, as JSON. */
    public static String bodyJson(String configYaml) {
        return Json.write(Map.of("benchmark", yamlTree(BENCHMARK_YAML), "config", yamlTree(configYaml)));
    }

    /** The same body as one YAML document. */
    public static String bodyYaml() {
        return "benchmark:\n" + indent(BENCHMARK_YAML) + "config:\n" + indent(CONFIG_YAML);
    }

    /** The jobs a run with this id has: the same ids the API published. */
    public static List<VerificationJob> jobs(String runId) {
        return jobs(runId, CONFIG_YAML);
    }

    /** The jobs of a run of the benchmark with another run config. */
    public static List<VerificationJob> jobs(String runId, String configYaml) {
        return RunPlanner.plan(runId, RunSpecs.validate(benchmark(), SpecReader.read(configYaml, RunConfig.class)).orThrow(), NOW);
    }

    /** Every result of the run (jobs × judges), each with the given outcome. */
    public static List<VerificationResult> allResults(String runId, Outcome outcome) {
        List<VerificationResult> results = new ArrayList<>();
        for (VerificationJob job : jobs(runId)) {
            for (ModelConfig judge : job.judges()) {
                results.add(result(job, judge, outcome));
            }
        }
        return results;
    }

    public static VerificationResult result(VerificationJob job, ModelConfig judge, Outcome outcome) {
        return result(job, judge, outcome, new RubricOutcome(List.of(new TraitScore("concise", "boolean", true, null, null, null)),
                List.of(), UsageMetadata.EMPTY, 5, null));
    }

    /** A result with the given rubric outcome (traits, dynamic traits, nuggets). */
    public static VerificationResult result(VerificationJob job, ModelConfig judge, Outcome outcome, RubricOutcome rubric) {
        String truth = job.question().rawAnswer();
        AnsweredJob answered;
        if (outcome == Outcome.ERROR) {
            RecordedCall failed = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, job.answeringModel().canonicalKey(),
                    List.of(Message.user(job.question().question())), null, UsageMetadata.EMPTY, 30, "HTTP 500 from the model");
            answered = AnsweredJob.of(job, new GenerationOutcome("", List.of(failed), UsageMetadata.EMPTY, 35,
                    new Failure(FailureCategory.RETRY, Stage.GENERATION, "HTTP 500 from the model", PortErrorKind.EXECUTION)));
        } else {
            String response = outcome == Outcome.ABSTAINED ? "I cannot answer that." : outcome == Outcome.PASSED ? truth : "Lyon";
            RecordedCall call = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, job.answeringModel().canonicalKey(),
                    List.of(Message.user(job.question().question())), response, UsageMetadata.of(job.answeringModel().model(), 12, 8), 420, null);
            answered = AnsweredJob.of(job, new GenerationOutcome(response, List.of(call), call.usage(), 430, null));
        }
        ParsingOutcome parsing;
        if (outcome == Outcome.ERROR) {
            parsing = new ParsingOutcome(null, null, null, List.of(), UsageMetadata.EMPTY, 0, null);
        } else if (outcome == Outcome.ABSTAINED) {
            RecordedCall check = new RecordedCall(Stage.PARSING, PromptTask.ABSTENTION_DETECTION, judge.canonicalKey(),
                    List.of(Message.user("Did the model refuse?")), "{\"abstention_detected\": true}",
                    UsageMetadata.of(judge.model(), 20, 5), 150, null);
            parsing = new ParsingOutcome(new JudgeCheck(true, "the model refused"), null, null, List.of(check), check.usage(), 150,
                    new Failure(FailureCategory.ABSTAINED, Stage.PARSING, "the model refused", null));
        } else {
            String city = outcome == Outcome.PASSED ? truth : "Lyon";
            JsonNode parsed = Json.read("{\"city\":\"" + city + "\"}", JsonNode.class);
            RecordedCall call = new RecordedCall(Stage.PARSING, PromptTask.PARSING, judge.canonicalKey(),
                    List.of(Message.system("Extract."), Message.user(city)), Json.write(parsed),
                    UsageMetadata.of(judge.model(), 30, 10), 200, null);
            parsing = new ParsingOutcome(null, parsed, TemplateVerifier.verify(job.question().template(), parsed), List.of(call),
                    call.usage(), 210, null);
        }
        ParsedJob parsedJob = ParsedJob.of(answered, judge, parsing);
        return VerificationResult.assemble(parsedJob, rubric, NOW);
    }

    private static JsonNode yamlTree(String yaml) {
        try {
            return Json.yaml().readTree(yaml);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String indent(String text) {
        return text.lines().map(line -> "  " + line + "\n").reduce("", String::concat);
    }
}
