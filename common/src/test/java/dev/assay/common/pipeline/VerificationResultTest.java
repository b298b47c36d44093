package dev.assay.common.pipeline;

import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.UsageMetadata;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VerificationResultTest {

    @Test
    void assemblesVerdictCallsUsageAndTimings() {
        VerificationResult result = Fixtures.result();
        assertThat(result.status()).isEqualTo(ResultStatus.PASSED);
        assertThat(result.questionId()).isEqualTo("fr");
        // the question's keywords (an LVE import's tags) travel with the result, for the reports to group by
        assertThat(result.keywords()).containsExactly("severity:low", "jailbreak");
        assertThat(result.answeringModel()).isEqualTo("openai:gpt-4o");
        assertThat(result.judge()).isEqualTo("openai:judge-1");
        assertThat(result.calls()).extracting(RecordedCall::stage).containsExactly(Stage.GENERATION, Stage.PARSING);
        assertThat(result.usage().keySet()).containsExactly("generation", "parsing", "rubric", "total");
        assertThat(result.usage().get("total")).isEqualTo(new UsageMetadata(57L, 21L, 78L, null, null, null, "gpt-4o,judge-1"));
        assertThat(result.timingsMs()).containsEntry("generation", 430L).containsEntry("parsing", 210L).containsEntry("rubric", 90L);
        assertThat(result.rubric()).extracting(TraitScore::name)
                .containsExactly("concise", "clarity", "tone", "names_city", "coverage", "no_hedging", "history");
        assertThat(result.dynamicRubric().promoted()).containsExactly("history");
        assertThat(result.nuggets().scores().allRecall()).isEqualTo(0.75);
    }

    @Test
    void aGenerationFailureMakesAnErrorResultThatKeepsTheCall() {
        AnsweredJob ok = Fixtures.answered();
        Failure failure = new Failure(FailureCategory.RETRY, Stage.GENERATION, "HTTP 500 from openai:gpt-4o after 3 attempts", PortErrorKind.EXECUTION);
        AnsweredJob failed = AnsweredJob.of(ok.job(), new GenerationOutcome("", ok.generation().calls(), UsageMetadata.EMPTY, 900, failure));
        ParsedJob parsed = ParsedJob.of(failed, ok.job().judges().get(0), new ParsingOutcome(null, null, null, List.of(), null, 0, null));

        VerificationResult result = VerificationResult.assemble(parsed, null, Fixtures.NOW);

        assertThat(result.status()).isEqualTo(ResultStatus.ERROR);
        assertThat(result.failure()).isEqualTo(failure);
        assertThat(result.calls()).hasSize(1);
        assertThat(result.template()).isNull();
    }

    @Test
    void abstentionAndRubricOnlyStatuses() {
        ParsedJob parsed = Fixtures.parsed();
        Failure abstained = new Failure(FailureCategory.ABSTAINED, Stage.PARSING, "the model declined", null);
        ParsedJob abstainedJob = ParsedJob.of(parsed.answered(), parsed.judge(),
                new ParsingOutcome(new JudgeCheck(true, "declined"), null, null, List.of(), null, 0, abstained));
        assertThat(VerificationResult.assemble(abstainedJob, null, Fixtures.NOW).status()).isEqualTo(ResultStatus.ABSTAINED);

        ParsedJob noTemplate = ParsedJob.of(parsed.answered(), parsed.judge(), new ParsingOutcome(null, null, null, List.of(), null, 0, null));
        assertThat(VerificationResult.assemble(noTemplate, Fixtures.rubric(), Fixtures.NOW).status()).isEqualTo(ResultStatus.SCORED);
    }

    @Test
    void aDeepJudgmentAutofailFailsTheResultKeepingTheParseAndTheTrace() {
        ParsedJob parsed = Fixtures.parsed();
        Failure failure = new Failure(FailureCategory.DEEP_JUDGMENT_AUTOFAIL, Stage.PARSING, "no excerpt supporting city", null);
        DeepJudgmentTrace trace = new DeepJudgmentTrace(dev.assay.common.run.DeepJudgmentMode.FULL, java.util.Map.of("city", List.of()),
                java.util.Map.of("city", "not stated"), List.of("city"), null, List.of("excerpts", "reasoning", "parameters"), 3, 0);
        ParsingOutcome outcome = parsed.parsing();
        ParsedJob autofailed = ParsedJob.of(parsed.answered(), parsed.judge(), new ParsingOutcome(outcome.abstention(), null,
                outcome.parsed(), outcome.template(), outcome.calls(), outcome.usage(), 0, failure, trace));

        VerificationResult result = VerificationResult.assemble(autofailed, null, Fixtures.NOW);

        assertThat(result.status()).isEqualTo(ResultStatus.FAILED);
        assertThat(result.failure()).isEqualTo(failure);
        assertThat(result.deepJudgment()).isEqualTo(trace);
        assertThat(result.template()).isEqualTo(outcome.template());
    }

    @Test
    void anInsufficientResponseIsItsOwnStatusWithTheCheckKept() {
        ParsedJob parsed = Fixtures.parsed();
        JudgeCheck lacking = new JudgeCheck(true, "no city is named");
        Failure failure = new Failure(FailureCategory.CONTENT, Stage.PARSING, lacking.reasoning(), null);
        ParsedJob insufficient = ParsedJob.of(parsed.answered(), parsed.judge(),
                new ParsingOutcome(new JudgeCheck(false, "answered"), lacking, null, null, List.of(), null, 0, failure));

        VerificationResult result = VerificationResult.assemble(insufficient, null, Fixtures.NOW);

        assertThat(result.status()).isEqualTo(ResultStatus.INSUFFICIENT);
        assertThat(result.sufficiency()).isEqualTo(lacking);
        assertThat(result.failure()).isEqualTo(failure);
        assertThat(result.parsed()).isNull();
    }

    @Test
    void aCleanResultHasNoCaveats() {
        assertThat(Fixtures.result().caveats()).isEmpty();
    }

    @Test
    void caveatsNameRetriedCallsRepairedJudgeAnswersAndUnscoredTraits() {
        ParsedJob ok = Fixtures.parsed();
        String judge = ok.judge().canonicalKey();
        List<dev.assay.common.message.Message> prompt = List.of(dev.assay.common.message.Message.system("Extract."),
                dev.assay.common.message.Message.user("Paris"));
        List<dev.assay.common.message.Message> repair = List.of(prompt.get(0), prompt.get(1),
                dev.assay.common.message.Message.assistant("not json"), dev.assay.common.message.Message.user("Your answer could not be used"));
        List<RecordedCall> calls = List.of(
                new RecordedCall(Stage.PARSING, dev.assay.common.prompt.PromptTask.PARSING, judge, prompt, null, UsageMetadata.EMPTY, 5, "HTTP 429"),
                new RecordedCall(Stage.PARSING, dev.assay.common.prompt.PromptTask.PARSING, judge, prompt, "not json", UsageMetadata.EMPTY, 5, null),
                new RecordedCall(Stage.PARSING, dev.assay.common.prompt.PromptTask.PARSING, judge, repair, "{}", UsageMetadata.EMPTY, 5, null));
        ParsedJob parsed = ParsedJob.of(ok.answered(), ok.judge(), new ParsingOutcome(ok.parsing().abstention(), ok.parsing().parsed(),
                ok.parsing().template(), calls, UsageMetadata.EMPTY, 15, null));
        RubricOutcome rubric = new RubricOutcome(List.of(new TraitScore("concise", "boolean", null, null, null, "retry: HTTP 500")),
                List.of(), UsageMetadata.EMPTY, 0, null);

        List<String> caveats = VerificationResult.assemble(parsed, rubric, Fixtures.NOW).caveats();

        assertThat(caveats).containsExactly(
                judge + " (parsing): 1 attempt failed before an answer came",
                judge + " (parsing): its first answer was unusable; it was shown the problem and answered again",
                "trait concise was not scored: retry: HTTP 500");
    }

    @Test
    void aJudgeAnswerReadWithTypeCoercionIsACaveatNamingFieldValueAndReading() {
        ParsedJob ok = Fixtures.parsed();
        String judge = ok.judge().canonicalKey();
        List<dev.assay.common.message.Message> prompt = List.of(dev.assay.common.message.Message.system("Extract."),
                dev.assay.common.message.Message.user("Paris"));
        RecordedCall coerced = new RecordedCall(Stage.PARSING, dev.assay.common.prompt.PromptTask.PARSING, judge, prompt,
                "{\"capital\": \"yes\"}", UsageMetadata.EMPTY, 5, null, List.of("capital: \"yes\" read as true"));
        ParsedJob parsed = ParsedJob.of(ok.answered(), ok.judge(), new ParsingOutcome(ok.parsing().abstention(), ok.parsing().parsed(),
                ok.parsing().template(), List.of(coerced), UsageMetadata.EMPTY, 5, null));

        assertThat(VerificationResult.assemble(parsed, null, Fixtures.NOW).caveats())
                .containsExactly(judge + " (parsing): its answer was read with type coercion: capital: \"yes\" read as true");
        // the coercions travel with the call between stages; a call without any writes no key
        assertThat(dev.assay.common.json.Json.read(dev.assay.common.json.Json.write(coerced), RecordedCall.class)).isEqualTo(coerced);
        assertThat(dev.assay.common.json.Json.write(calls(judge).get(0))).doesNotContain("coercions");
    }

    private static List<RecordedCall> calls(String judge) {
        return List.of(new RecordedCall(Stage.PARSING, dev.assay.common.prompt.PromptTask.PARSING, judge, List.of(), "{}",
                UsageMetadata.EMPTY, 5, null));
    }

    @Test
    void aPassInSpiteOfFailingFieldsIsACaveat() {
        ParsedJob ok = Fixtures.parsed();
        TemplateVerdict lenient = new TemplateVerdict(true, 0.5, List.of(
                new FieldVerdict("city", "exact", null, null, true, 1, "equal"),
                new FieldVerdict("population_m", "numeric_exact", null, null, false, 0, "expected 2.1, got 3")), List.of());
        ParsedJob parsed = ParsedJob.of(ok.answered(), ok.judge(), new ParsingOutcome(null, ok.parsing().parsed(), lenient,
                List.of(), UsageMetadata.EMPTY, 0, null));
        assertThat(VerificationResult.assemble(parsed, null, Fixtures.NOW).caveats())
                .containsExactly("passed although field(s) population_m failed, as the template's composition allows");
    }

    @Test
    void unreadNuggetWindowsAndAFailedPresenceCheckAreCaveats() {
        NuggetOutcome unscored = new NuggetOutcome(List.of(), null, List.of(), null, "nuggets[0..1] against the response: truncation");
        NuggetOutcome passageOnly = new NuggetOutcome(List.of(), new NuggetScores(1.0, 1.0, 1.0, 1.0), List.of(), null,
                "nuggets[0..1] against passage \"doc-b\": format_error");
        DynamicRubricOutcome failedCheck = new DynamicRubricOutcome(List.of(), List.of("dosage"), "retry: HTTP 500");

        assertThat(VerificationResult.assemble(Fixtures.parsed(),
                new RubricOutcome(List.of(), failedCheck, unscored, List.of(), UsageMetadata.EMPTY, 0, null), Fixtures.NOW).caveats())
                .containsExactly("dynamic traits dosage were skipped: retry: HTTP 500",
                        "nuggets were not scored in full: nuggets[0..1] against the response: truncation");
        assertThat(VerificationResult.assemble(Fixtures.parsed(),
                new RubricOutcome(List.of(), null, passageOnly, List.of(), UsageMetadata.EMPTY, 0, null), Fixtures.NOW).caveats())
                .containsExactly("some nuggets could not be judged against the passages (the scores stand): "
                        + "nuggets[0..1] against passage \"doc-b\": format_error");
    }
}
