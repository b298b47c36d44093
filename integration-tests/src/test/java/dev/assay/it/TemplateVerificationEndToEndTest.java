package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Template verification through the deployed pipeline, one question per judging situation: a
 * correct answer, a wrong one, an abstention, an insufficient answer, a judge wrapping its JSON in prose (read without
 * asking again), and a judge answering garbage twice (a recorded parsing failure that keeps what
 * the judge said).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TemplateVerificationEndToEndTest {

    /** question id → (question, the answering model's response, what the judge answers when parsing). */
    private record Case(String question, String response, String judgeParse) {
    }

    private static final String GARBAGE = "I would rather not produce JSON today.";

    private static final Map<String, Case> CASES = Map.of(
            "france", new Case("Name the capital of France.", "The capital is PARIS.", "{\"city\":\" PARIS \"}"),
            "dose", new Case("What is the usual adult dose of paracetamol in mg?", "The usual dose is 650 mg.", "{\"dose_mg\":650}"),
            "refuse", new Case("What is my neighbour's wifi password?", "I cannot help with that.", null),
            "prose", new Case("How many moons does Mars have?", "Mars has two moons.",
                    "Sure! Here is what I extracted:\n```json\n{\"moons\": 2}\n```\nHope this helps."),
            "garbage", new Case("What colour is the sky on a clear day?", "Blue.", GARBAGE),
            "vague", new Case("In which year did the Berlin Wall fall?", "It fell quite a long time ago.", "{\"year\":null}"));

    private PipelineStack stack;
    private final Map<String, JsonNode> results = new HashMap<>();

    @BeforeAll
    void runOnce() throws Exception {
        stack = PipelineStack.start();
        stack.stub().fallback(StubReply.computed(TemplateVerificationEndToEndTest::reply));
        RestAssured.baseURI = stack.apiUrl();
        String runId = RunApi.submit(runRequest()).get("run_id").asText();
        RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
        RunApi.results(runId).get("results").forEach(result -> results.put(result.get("question_id").asText(), result));
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void aCorrectAnswerPassesWithThePrimitiveAndRegexChecksRecorded() {
        JsonNode result = results.get("france");
        assertThat(result.get("status").asText()).isEqualTo("passed");
        JsonNode field = result.get("template").get("fields").get(0);
        assertThat(field.get("primitive").asText()).isEqualTo("exact");
        assertThat(field.get("actual").asText()).isEqualTo(" PARIS ");
        assertThat(field.get("passed").asBoolean()).isTrue();
        JsonNode check = result.get("template").get("regex_checks").get(0);
        assertThat(check.get("must").asText()).isEqualTo("not_match");
        assertThat(check.get("passed").asBoolean()).isTrue();
        assertThat(result.get("abstention").get("detected").asBoolean()).isFalse();
    }

    @Test
    void aWrongAnswerFailsWithTheFieldVerdictExplained() {
        JsonNode result = results.get("dose");
        assertThat(result.get("status").asText()).isEqualTo("failed");
        JsonNode field = result.get("template").get("fields").get(0);
        assertThat(field.get("primitive").asText()).isEqualTo("numeric_tolerance");
        assertThat(field.get("expected").asInt()).isEqualTo(1000);
        assertThat(field.get("actual").asInt()).isEqualTo(650);
        assertThat(field.get("passed").asBoolean()).isFalse();
        assertThat(result.get("template").get("score").asDouble()).isZero();
    }

    @Test
    void anAbstentionSkipsParsingAndKeepsTheJudgesReasoning() {
        JsonNode result = results.get("refuse");
        assertThat(result.get("status").asText()).isEqualTo("abstained");
        assertThat(result.get("failure").get("category").asText()).isEqualTo("abstained");
        assertThat(result.get("abstention").get("detected").asBoolean()).isTrue();
        assertThat(result.get("abstention").get("reasoning").asText()).contains("declines");
        assertThat(tasks(result)).contains("abstention_detection").doesNotContain("parsing");
        assertThat(result.has("template")).isFalse();
    }

    @Test
    void proseAroundTheJudgesJsonIsReadWithoutAskingAgain() {
        JsonNode result = results.get("prose");
        assertThat(result.get("status").asText()).isEqualTo("passed");
        assertThat(result.get("parsed").get("moons").asInt()).isEqualTo(2);
        assertThat(tasks(result).stream().filter("parsing"::equals)).hasSize(1);
    }

    @Test
    void garbageTwiceIsARecordedParsingFailureKeepingWhatTheJudgeSaid() {
        JsonNode result = results.get("garbage");
        assertThat(result.get("status").asText()).isEqualTo("error");
        assertThat(result.get("failure").get("category").asText()).isEqualTo("content");
        assertThat(result.get("failure").get("stage").asText()).isEqualTo("parsing");
        assertThat(result.get("failure").get("reason").asText()).contains("no JSON object");
        List<JsonNode> parsingCalls = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.get("task").asText().equals("parsing")) {
                parsingCalls.add(call);
            }
        });
        assertThat(parsingCalls).hasSize(2).allSatisfy(call -> assertThat(call.get("response").asText()).isEqualTo(GARBAGE));
        // the second call showed the judge its answer and what was wrong with it
        JsonNode repair = parsingCalls.get(1).get("messages");
        assertThat(repair.get(repair.size() - 1).toString()).contains("could not be used");
    }

    @Test
    void anInsufficientAnswerSkipsParsingAndKeepsTheJudgesReasoning() {
        JsonNode result = results.get("vague");
        assertThat(result.get("status").asText()).isEqualTo("insufficient");
        assertThat(result.get("sufficiency").get("detected").asBoolean()).isTrue();
        assertThat(result.get("sufficiency").get("reasoning").asText()).contains("names no year");
        assertThat(result.get("failure").get("stage").asText()).isEqualTo("parsing");
        assertThat(tasks(result)).contains("sufficiency_detection").doesNotContain("parsing");
        // the others passed the check and were parsed
        assertThat(results.get("france").get("sufficiency").get("detected").asBoolean()).isFalse();
    }

    private static List<String> tasks(JsonNode result) {
        List<String> tasks = new ArrayList<>();
        result.get("calls").forEach(call -> tasks.add(call.get("task").asText()));
        return tasks;
    }

    private static StubReply reply(RecordedRequest request) {
        String body = request.body();
        if ("answerer".equals(request.model())) {
            String question = request.lastUserMessage().orElse("");
            return CASES.values().stream().filter(c -> question.contains(c.question())).findFirst()
                    .map(c -> (StubReply) StubReply.text(c.response()))
                    .orElse(StubReply.serverError());
        }
        Case judged = CASES.values().stream().filter(c -> body.contains(c.response())).findFirst()
                .orElseThrow(() -> new IllegalStateException("judge request shows no known response: " + body));
        if (body.contains("insufficiency_detected")) {
            boolean vague = judged == CASES.get("vague");
            return StubReply.text("{\"reasoning\":\"" + (vague ? "The response names no year." : "It has what is needed.")
                    + "\",\"insufficiency_detected\":" + vague + "}");
        }
        if (body.contains("abstention_detected")) {
            boolean refused = judged.judgeParse() == null;
            return StubReply.text("{\"reasoning\":\"" + (refused ? "The model declines to answer." : "It answers.")
                    + "\",\"abstention_detected\":" + refused + "}");
        }
        return StubReply.text(judged.judgeParse());
    }

    private String runRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  questions:
                    - id: france
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the capital named, ground_truth: paris, verify: {primitive: exact, normalizers: [lowercase, strip]}}
                        regex_checks:
                          - {pattern: "i am not sure", must: not_match, flags: [ignore_case]}
                    - id: dose
                      question: "%s"
                      template:
                        fields:
                          dose_mg: {type: number, description: the dose in mg, ground_truth: 1000, verify: {primitive: numeric_tolerance, absolute: 50}}
                    - id: refuse
                      question: "%s"
                      template:
                        fields:
                          password: {type: string, description: the password, ground_truth: hunter2}
                    - id: prose
                      question: "%s"
                      template:
                        fields:
                          moons: {type: integer, description: the number of moons, ground_truth: 2}
                    - id: garbage
                      question: "%s"
                      template:
                        fields:
                          colour: {type: string, description: the colour, ground_truth: blue}
                    - id: vague
                      question: "%s"
                      template:
                        fields:
                          year: {type: integer, description: the year the wall fell, ground_truth: 1989}
                config:
                  answering_models:
                    - {interface: openai, model: answerer, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge, base_url: "%s", api_key_env: %s}
                  evaluation_mode: template_only
                  abstention_check: true
                  sufficiency_check: true
                """.formatted(CASES.get("france").question(), CASES.get("dose").question(), CASES.get("refuse").question(),
                CASES.get("prose").question(), CASES.get("garbage").question(), CASES.get("vague").question(),
                stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV);
        return Json.write(Json.yaml().readTree(yaml));
    }
}
