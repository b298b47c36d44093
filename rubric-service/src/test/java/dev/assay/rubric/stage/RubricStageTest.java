package dev.assay.rubric.stage;

import dev.assay.stage.rubric.RubricStage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.DynamicRubricOutcome;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.MetricScores;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.RubricOutcome;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.MetricPrompt;
import dev.assay.common.prompt.judge.PresencePrompt;
import dev.assay.common.prompt.judge.TraitPrompt;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RubricStrategy;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.assay.localstack.stub.RequestMatcher.anyMessageContains;
import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.groups.Tuple.tuple;

/**
 * The rubric stage's judged traits end to end: {@link RubricStage#evaluate} with the real
 * {@code ModelGateway} calling the stub judge over HTTP. (Same test resources as
 * RubricOverKafkaTest, so both run in one application.)
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class RubricStageTest {

    private static final String QUESTION = "What is the usual adult dose of paracetamol?";
    private static final String RESPONSE = "1 g every 4 to 6 hours, at most 4 g a day. Take it with water.";

    private static final RubricTrait POLITE = RubricTrait.booleanTrait("polite", "The response is polite.");
    private static final RubricTrait CLARITY = RubricTrait.scoreTrait("clarity", "How clear the response is.", null, null, null);
    private static final RubricTrait HEDGING = RubricTrait.scoreTrait("hedging", "How much the response hedges.", 0, 3, false);
    private static final RubricTrait TONE = RubricTrait.literalTrait("tone", "The register of the response.",
            classes("formal", "Formal register.", "casual", "Everyday register."));
    private static final RubricTrait LENGTH = RubricTrait.literalTrait("length", "How long the response is.",
            classes("short", "One or two sentences.", "long", "More."));
    private static final RubricTrait COVERAGE = RubricTrait.metricTrait("coverage", null,
            List.of("Gives the single dose.", "Gives the interval.", "Warns about liver damage."), null, null);
    private static final RubricTrait SAFETY = RubricTrait.metricTrait("safety", null,
            List.of("Gives the daily maximum.", "Gives the interval."),
            List.of("Recommends alcohol.", "Exceeds 4 g a day."), RubricTrait.FULL_MATRIX);

    private static final String POLITE_YES = "\"polite\": {\"reasoning\": \"Neutral and courteous.\", \"verdict\": true}";
    private static final String CLARITY_4 = "\"clarity\": {\"reasoning\": \"Plain numbers.\", \"score\": 4}";
    private static final String HEDGING_0 = "\"hedging\": {\"reasoning\": \"No hedges.\", \"score\": 0}";

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    RubricStage stage;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void batchAsksBooleanAndScoreTraitsInOneCallAndLiteralTraitsInAnother() {
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + ", " + CLARITY_4 + ", " + HEDGING_0 + "}");
        stub.when(systemMessageContains(TraitPrompt.LITERAL_BATCH)).thenReply("""
                {"tone": {"reasoning": "No slang.", "class": "formal"}, "length": {"reasoning": "Two sentences.", "class": "short"}}""");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(POLITE, TONE, CLARITY, LENGTH, HEDGING), List.of());

        assertThat(outcome.traits()).containsExactly(
                TraitScore.verdict("polite", "boolean", true).withReasoning("Neutral and courteous."),
                TraitScore.labelled("tone", "literal", "formal", 0).withReasoning("No slang."),
                TraitScore.scored("clarity", "score", 4).withReasoning("Plain numbers."),
                TraitScore.labelled("length", "literal", "short", 0).withReasoning("Two sentences."),
                TraitScore.scored("hedging", "score", 0).withReasoning("No hedges."));
        assertThat(outcome.calls()).extracting(RecordedCall::task)
                .containsExactly(PromptTask.RUBRIC_LLM_TRAIT_BATCH, PromptTask.RUBRIC_LITERAL_TRAIT_BATCH);
        assertThat(stub.requestCount()).isEqualTo(2);
        String llmUser = stub.requests().get(0).lastUserMessage().orElseThrow();
        assertThat(llmUser).contains("- polite (true or false): The response is polite.")
                .contains("- clarity (score 1 to 5, higher is better): How clear the response is.")
                .contains("- hedging (score 0 to 3, lower is better): How much the response hedges.")
                .doesNotContain("tone");
        assertThat(stub.requests().get(1).lastUserMessage().orElseThrow())
                .contains("- tone (one of the classes below): The register of the response.\n  - formal: Formal register.")
                .doesNotContain("polite");
        assertThat(outcome.failure()).isNull();
    }

    @Test
    void sequentialAsksOneCallPerTraitWithTheSingleTasks() {
        stub.when(anyMessageContains("- polite (")).thenReply("{\"reasoning\": \"Courteous.\", \"verdict\": true}");
        stub.when(anyMessageContains("- clarity (")).thenReply("{\"reasoning\": \"Clear.\", \"score\": 5}");
        stub.when(anyMessageContains("- tone (")).thenReply("{\"reasoning\": \"Chatty.\", \"class\": \"casual\"}");

        RubricOutcome outcome = evaluate(RubricStrategy.SEQUENTIAL, List.of(TONE, POLITE, CLARITY), List.of());

        assertThat(outcome.traits()).containsExactly(
                TraitScore.labelled("tone", "literal", "casual", 1).withReasoning("Chatty."),
                TraitScore.verdict("polite", "boolean", true).withReasoning("Courteous."),
                TraitScore.scored("clarity", "score", 5).withReasoning("Clear."));
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE,
                PromptTask.RUBRIC_LLM_TRAIT_SINGLE, PromptTask.RUBRIC_LLM_TRAIT_SINGLE);
        List<RecordedRequest> requests = stub.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(0).systemMessage().orElseThrow()).startsWith(TraitPrompt.LITERAL_SINGLE);
        assertThat(requests.get(1).systemMessage().orElseThrow()).startsWith(TraitPrompt.LLM_SINGLE);
        // each call shows only its own trait, and asks for a flat {reasoning, value} answer
        assertThat(requests.get(1).lastUserMessage().orElseThrow()).contains("<trait>\n- polite (").doesNotContain("clarity");
        assertThat(requests.get(2).systemMessage().orElseThrow()).contains("\"score\" : {").doesNotContain("\"polite\"");
    }

    @Test
    void anOutOfRangeScoreIsRepairedWhenTheSecondAnswerIsValid() {
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + ", "
                + "\"clarity\": {\"reasoning\": \"Very clear.\", \"score\": 7}}").once();
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + ", " + CLARITY_4 + "}");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(POLITE, CLARITY), List.of());

        assertThat(outcome.traits()).extracting(TraitScore::name, TraitScore::passed, TraitScore::score, TraitScore::error)
                .containsExactly(tuple("polite", true, null, null), tuple("clarity", null, 4.0, null));
        assertThat(outcome.calls()).hasSize(2).extracting(RecordedCall::task).containsOnly(PromptTask.RUBRIC_LLM_TRAIT_BATCH);
        List<Message> repair = outcome.calls().get(1).messages();
        assertThat(repair).extracting(Message::role).containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.USER);
        assertThat(repair.get(3).text()).contains("could not be used").contains("clarity").contains("maximum");
    }

    @Test
    void aScoreOutOfRangeTwiceFailsOnlyThatTraitAndTheValidOnesKeepTheirScores() {
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + ", " + HEDGING_0 + ", "
                + "\"clarity\": {\"reasoning\": \"Very clear.\", \"score\": 9}}");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(POLITE, CLARITY, HEDGING), List.of());

        assertThat(outcome.traits()).containsExactly(
                TraitScore.verdict("polite", "boolean", true).withReasoning("Neutral and courteous."),
                TraitScore.failed("clarity", "score",
                        "the judge's answer for trait clarity was still invalid after 2 answers: score 9 is outside the allowed range 1 to 5"),
                TraitScore.scored("hedging", "score", 0).withReasoning("No hedges."));
        assertThat(outcome.calls()).hasSize(2);
        assertThat(stub.requestCount()).isEqualTo(2);
        assertThat(outcome.failure()).isNull();
    }

    @Test
    void anUnknownClassFailsOnlyItsTraitAfterRepairWhileTheNextTraitIsScored() {
        stub.when(anyMessageContains("- tone (")).thenReply("{\"reasoning\": \"Dry.\", \"class\": \"sarcastic\"}");
        stub.when(anyMessageContains("- length (")).thenReply("{\"reasoning\": \"Two sentences.\", \"class\": \"short\"}");

        RubricOutcome outcome = evaluate(RubricStrategy.SEQUENTIAL, List.of(TONE, LENGTH), List.of());

        assertThat(outcome.traits()).containsExactly(
                TraitScore.failed("tone", "literal", "the judge's answer for trait tone was still invalid after 2 answers: "
                        + "class \"sarcastic\" is not one of the allowed classes formal, casual"),
                TraitScore.labelled("length", "literal", "short", 0).withReasoning("Two sentences."));
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE,
                PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE, PromptTask.RUBRIC_LITERAL_TRAIT_SINGLE);
    }

    @Test
    void metricTraitsAreOneCallEachAndTheFiguresAreComputedFromTheClassification() {
        stub.when(systemMessageContains(MetricPrompt.TP_ONLY)).thenReply("""
                {"reasoning": "Dose and interval, no liver warning.", "satisfied": [1, 2], "missed": [3],
                 "unmatched_statements": ["Take it with water."]}""");
        stub.when(systemMessageContains(MetricPrompt.FULL_MATRIX)).thenReply("""
                {"reasoning": "r", "satisfied": [1, 2], "missed": [], "violated": [], "respected": [1, 2]}""");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(COVERAGE, SAFETY), List.of());

        MetricScores coverage = outcome.traits().get(0).metrics();
        assertThat(coverage.truePositives()).containsExactly("Gives the single dose.", "Gives the interval.");
        assertThat(coverage.falseNegatives()).containsExactly("Warns about liver damage.");
        assertThat(coverage.falsePositives()).containsExactly("Take it with water.");
        // precision 2/3, recall 2/3
        assertThat(coverage.f1()).isCloseTo(2.0 / 3.0, within(1e-12));
        assertThat(coverage.specificity()).isNull();
        assertThat(outcome.traits().get(0).score()).isEqualTo(coverage.f1());
        assertThat(outcome.traits().get(0).reasoning()).isEqualTo("Dose and interval, no liver warning.");
        MetricScores safety = outcome.traits().get(1).metrics();
        assertThat(safety.trueNegatives()).containsExactly("Recommends alcohol.", "Exceeds 4 g a day.");
        assertThat(List.of(safety.precision(), safety.recall(), safety.f1(), safety.specificity(), safety.accuracy())).containsOnly(1.0);
        assertThat(outcome.calls()).extracting(RecordedCall::task)
                .containsExactly(PromptTask.RUBRIC_METRIC_TRAIT, PromptTask.RUBRIC_METRIC_TRAIT);
        assertThat(stub.requests().get(1).lastUserMessage().orElseThrow())
                .contains("<should_not_contain>\n1. Recommends alcohol.\n2. Exceeds 4 g a day.\n</should_not_contain>");
    }

    @Test
    void aMetricAnswerThatLeavesAnInstructionOutIsRepairedOrFailsThatTraitAlone() {
        // tp_only: first answer skips instruction 3, the repair classifies it
        stub.when(systemMessageContains(MetricPrompt.TP_ONLY)).thenReply("""
                {"reasoning": "r", "satisfied": [1, 2], "missed": [], "unmatched_statements": []}""").once();
        stub.when(systemMessageContains(MetricPrompt.TP_ONLY)).thenReply("""
                {"reasoning": "r", "satisfied": [1, 2], "missed": [3], "unmatched_statements": []}""");
        // full_matrix: tn instruction 1 listed twice, every time
        stub.when(systemMessageContains(MetricPrompt.FULL_MATRIX)).thenReply("""
                {"reasoning": "r", "satisfied": [1, 2], "missed": [], "violated": [1], "respected": [1, 2]}""");
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + "}");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(COVERAGE, SAFETY, POLITE), List.of());

        assertThat(outcome.traits().get(0).metrics().falseNegatives()).containsExactly("Warns about liver damage.");
        assertThat(outcome.traits().get(0).score()).isEqualTo(0.8);
        assertThat(outcome.traits().get(1)).isEqualTo(TraitScore.failed("safety", "metric",
                "the judge's answer for trait safety was still invalid after 2 answers: should_not_contain instruction 1 is "
                        + "listed 2 times (violated, respected); put each instruction in exactly one of violated and respected"));
        assertThat(outcome.traits().get(2).passed()).isTrue();
        assertThat(outcome.calls()).hasSize(5);
        assertThat(outcome.calls().get(1).messages().get(3).text()).contains("should_contain instruction 3 is in neither");
    }

    @Test
    void thePresenceCheckPromotesDynamicTraitsWhoseConceptIsThereAndSkipsTheOthers() {
        RubricTrait dosage = RubricTrait.booleanTrait("dosage_safe", "The dose given is safe.").withSummary("medication dosage");
        RubricTrait code = RubricTrait.scoreTrait("code_quality", "How good the code is.", null, null, null)
                .withSummary("program code");
        stub.when(systemMessageContains(PresencePrompt.SYSTEM)).thenReply("{\"dosage_safe\": true, \"code_quality\": false}");
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + ", "
                + "\"dosage_safe\": {\"reasoning\": \"4 g is the maximum.\", \"verdict\": true}}");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(POLITE), List.of(dosage, code));

        assertThat(outcome.dynamic()).isEqualTo(new DynamicRubricOutcome(List.of("dosage_safe"), List.of("code_quality"), null));
        assertThat(outcome.traits()).containsExactly(
                TraitScore.verdict("polite", "boolean", true).withReasoning("Neutral and courteous."),
                TraitScore.verdict("dosage_safe", "boolean", true).withReasoning("4 g is the maximum.").asDynamic());
        assertThat(outcome.calls()).extracting(RecordedCall::task)
                .containsExactly(PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK, PromptTask.RUBRIC_LLM_TRAIT_BATCH);
        assertThat(stub.requests().get(0).lastUserMessage().orElseThrow())
                .contains("- dosage_safe: medication dosage\n- code_quality: program code");
        assertThat(stub.requests().get(1).lastUserMessage().orElseThrow()).contains("dosage_safe").doesNotContain("code_quality");
    }

    @Test
    void aFailedPresenceCheckSkipsEveryDynamicTraitWithTheErrorAndTheStaticTraitsStand() {
        RubricTrait dosage = RubricTrait.booleanTrait("dosage_safe", "The dose given is safe.");
        stub.when(systemMessageContains(PresencePrompt.SYSTEM)).thenReply(StubReply.serverError());
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{" + POLITE_YES + "}");

        RubricOutcome outcome = evaluate(RubricStrategy.BATCH, List.of(POLITE), List.of(dosage, CLARITY));

        assertThat(outcome.dynamic().promoted()).isEmpty();
        assertThat(outcome.dynamic().skipped()).containsExactly("dosage_safe", "clarity");
        assertThat(outcome.dynamic().error()).startsWith("the judge call for the presence check failed (retry): ").contains("3 attempts");
        assertThat(outcome.traits()).extracting(TraitScore::name).containsExactly("polite");
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK,
                PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK, PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK, PromptTask.RUBRIC_LLM_TRAIT_BATCH);
    }

    private RubricOutcome evaluate(RubricStrategy strategy, List<RubricTrait> traits, List<RubricTrait> dynamicTraits) {
        ModelConfig judge = new ModelConfig(null, "openai", "stage-judge", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null,
                Duration.ofSeconds(10), 4, null);
        Question question = new Question("q-dose", QUESTION, "1 g", List.of(), null, new Rubric(traits, dynamicTraits));
        JobSettings settings = new JobSettings(EvaluationMode.RUBRIC_ONLY, false, false, PromptConfig.EMPTY, strategy, null, null);
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(), question, ModelConfig.of("openai", "answerer"),
                List.of(judge), 1, settings, null, Instant.parse("2026-11-01T10:00:00Z"));
        GenerationOutcome generation = new GenerationOutcome(RESPONSE, List.of(), UsageMetadata.EMPTY, 300, null);
        ParsingOutcome nothingParsed = new ParsingOutcome(null, null, null, List.of(), UsageMetadata.EMPTY, 0, null);
        return stage.evaluate(ParsedJob.of(AnsweredJob.of(job, generation), judge, nothingParsed));
    }

    private static Map<String, String> classes(String... namesAndDescriptions) {
        Map<String, String> classes = new LinkedHashMap<>();
        for (int i = 0; i < namesAndDescriptions.length; i += 2) {
            classes.put(namesAndDescriptions[i], namesAndDescriptions[i + 1]);
        }
        return classes;
    }
}
