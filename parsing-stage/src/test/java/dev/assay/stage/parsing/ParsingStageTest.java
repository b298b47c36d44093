package dev.assay.stage.parsing;

import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.testing.ScriptedLlm;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The parsing stage as a plain library: built with {@code new}, no container, no broker, a
 * scripted judge behind the real {@link ModelGateway}. (The stage over Kafka, with the stub LLM
 * server, is parsing-service's ParsingOverKafkaTest.)
 */
class ParsingStageTest {

    private static final Question CAPITAL = Json.read("""
            {"id": "capital", "question": "What is the capital of Australia?",
             "template": {"fields": {"city": {"type": "string", "description": "The city named.", "ground_truth": "Canberra"}}}}
            """, Question.class);

    private static final ModelConfig JUDGE = ModelConfig.of("scripted", "judge");

    private static ParsingOutcome parse(ScriptedLlm judge, ModelConfig judgeModel, String response) {
        ParsingStage stage = new ParsingStage(judge.gateway());
        VerificationJob job = VerificationJob.create("run", CAPITAL, ModelConfig.of("openai", "answerer"), List.of(judgeModel), 1,
                new JobSettings(null, true, null), null, Instant.EPOCH);
        List<ParsedJob> parsed = stage.process(AnsweredJob.of(job, new GenerationOutcome(response, List.of(), UsageMetadata.EMPTY, 5, null)));
        assertThat(parsed).hasSize(1);
        return parsed.get(0).parsing();
    }

    @Test
    void aJudgeChecksForAnAbstentionParsesTheAnswerAndItIsVerified() {
        ParsingOutcome outcome = parse(new ScriptedLlm("{\"reasoning\": \"It names a city.\", \"abstention_detected\": false}",
                "{\"city\": \"Canberra\"}"), JUDGE, "It is Canberra.");

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.abstention().detected()).isFalse();
        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.ABSTENTION_DETECTION, PromptTask.PARSING);
        assertThat(outcome.usage().inputTokens()).isEqualTo(200L);
    }

    @Test
    void aJudgeThatFailsMidwayKeepsTheCallsBeforeIt() {
        ParsingOutcome outcome = parse(new ScriptedLlm("{\"reasoning\": \"It names a city.\", \"abstention_detected\": false}", null),
                JUDGE, "It is Canberra.");

        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(outcome.failure().reason()).contains("the judge is gone");
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.ABSTENTION_DETECTION, PromptTask.PARSING);
        assertThat(outcome.calls().get(1).error()).contains("the judge is gone");
        assertThat(outcome.template()).isNull();
    }

    @Test
    void aJudgeWithNoAdapterIsARecordedFailureWithNoCall() {
        ParsingOutcome outcome = parse(new ScriptedLlm(), ModelConfig.of("scriptd", "judge"), "It is Canberra.");

        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(outcome.failure().reason()).contains("no adapter for interface \"scriptd\"");
        assertThat(outcome.calls()).isEmpty();
    }

    @Test
    void anAbstentionIsTheVerdictAndNothingIsParsed() {
        ParsingOutcome outcome = parse(new ScriptedLlm("{\"reasoning\": \"It declines.\", \"abstention_detected\": true}"), JUDGE,
                "I cannot answer that.");

        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.ABSTAINED);
        assertThat(outcome.failure().reason()).isEqualTo("It declines.");
        assertThat(outcome.calls()).hasSize(1);
        assertThat(outcome.parsed()).isNull();
    }

    @Test
    void anEmptyResponseIsAnAutofailWithoutACallWhenAJudgeWouldParseIt() {
        ParsingOutcome outcome = parse(new ScriptedLlm(), JUDGE, " ");

        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.AUTOFAIL);
        assertThat(outcome.calls()).isEmpty();
    }

    /** A recorded LVE answer may be empty; its checker (a regex or expression trait) still judges it, so parsing must not stop it. */
    @Test
    void anEmptyResponseGoesOnToTheRubricWhenParsingCallsNoJudge() {
        ParsingStage stage = new ParsingStage(new ScriptedLlm().gateway());
        VerificationJob job = VerificationJob.create("run", CAPITAL, ModelConfig.of("openai", "answerer"), List.of(JUDGE), 1,
                new JobSettings(EvaluationMode.RUBRIC_ONLY, false, null), null, Instant.EPOCH);

        ParsingOutcome outcome = stage.process(AnsweredJob.of(job, new GenerationOutcome("", List.of(), UsageMetadata.EMPTY, 5, null)))
                .get(0).parsing();

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.calls()).isEmpty();
    }

    /** A manual answer that is a recorded agent trace (docs/agents.md): the guards check it as a live agent's, before any judge. */
    @Test
    void aManualTraceEndingOnAToolCallIsAnAutofailWithoutACallAndOneEndingOnTheAnswerIsJudged() {
        List<Message> answered = List.of(Message.user("What is the capital of Australia?"),
                Message.assistant(List.of(new dev.assay.common.message.ToolUseBlock("c1", "lookup", null))),
                Message.toolResult("c1", "Canberra"), Message.assistant("It is Canberra."));
        ModelConfig manual = ModelConfig.of("manual", null);

        ParsingOutcome cut = parseTrace(new ScriptedLlm(), manual, answered.subList(0, 2));
        assertThat(cut.failure().category()).isEqualTo(FailureCategory.AUTOFAIL);
        assertThat(cut.failure().stage()).isEqualTo(dev.assay.common.pipeline.Stage.PARSING);
        assertThat(cut.failure().reason()).contains("ends on a tool call (lookup) that was never answered");
        assertThat(cut.calls()).isEmpty();

        ParsingOutcome judged = parseTrace(new ScriptedLlm("{\"reasoning\": \"It names a city.\", \"abstention_detected\": false}",
                "{\"city\": \"Canberra\"}"), manual, answered);
        assertThat(judged.failure()).isNull();
        assertThat(judged.template().passed()).isTrue();
    }

    private static ParsingOutcome parseTrace(ScriptedLlm judge, ModelConfig answering, List<Message> trace) {
        ParsingStage stage = new ParsingStage(judge.gateway());
        String response = trace.get(trace.size() - 1).text();
        VerificationJob job = VerificationJob.createAnswered("run", CAPITAL, answering, List.of(JUDGE), 1,
                new JobSettings(null, true, null), dev.assay.common.run.ManualAnswer.ofTrace(trace), Instant.EPOCH);
        dev.assay.common.port.AgentResult agent = new dev.assay.common.port.AgentResult(response,
                dev.assay.common.port.AgentTrace.raw(trace), trace, UsageMetadata.EMPTY, 1, false, null, "manual");
        return stage.process(AnsweredJob.of(job, new GenerationOutcome(response, List.of(), UsageMetadata.EMPTY, 0, null, null, null, agent)))
                .get(0).parsing();
    }
}
