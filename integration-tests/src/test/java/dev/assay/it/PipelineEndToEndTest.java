package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.CommittedSchemas;
import dev.assay.common.pipeline.Topics;
import dev.assay.testsupport.Eventually;
import dev.assay.localstack.ServiceProcess;
import dev.assay.testsupport.TopicClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.assay.it.ScriptedModels.Q_FRANCE;
import static dev.assay.it.ScriptedModels.Q_GOLD;
import static dev.assay.it.ScriptedModels.Q_SPIDER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline as deployed: three packaged services as separate processes, one real KRaft
 * broker, embedded PostgreSQL, the stub LLM. A run of three questions × two answering models ×
 * two judges (one openai, one anthropic) goes in through the REST API; every result comes back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PipelineEndToEndTest {

    private static final String SYSTEM_PROMPT = "You are a careful assistant.";
    private static final String GENERATION_INSTRUCTIONS = "Answer in one sentence.";
    private static final String PARSING_INSTRUCTIONS = "Copy values exactly as written.";

    private PipelineStack stack;
    private String runId;
    /** (question, answering model, judge) → result. */
    private final Map<String, JsonNode> results = new HashMap<>();

    @BeforeAll
    void runOnce() throws Exception {
        stack = PipelineStack.start();
        stack.stub().fallback(StubReply.computed(ScriptedModels::reply));
        RestAssured.baseURI = stack.apiUrl();

        JsonNode submission = RunApi.submit(runRequest());
        runId = submission.get("run_id").asText();
        assertThat(submission.get("jobs").asInt()).isEqualTo(6);
        assertThat(submission.get("expected_results").asInt()).isEqualTo(12);

        JsonNode run = RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
        assertThat(run.get("counts").get("expected").asInt()).isEqualTo(12);
        assertThat(run.get("counts").get("done").asInt()).isEqualTo(12);
        assertThat(run.get("counts").get("failed").asInt()).isEqualTo(2);

        for (JsonNode result : RunApi.results(runId).get("results")) {
            results.put(key(result.get("question").asText(), result.get("answering_model").asText(), result.get("judge").asText()), result);
        }
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    /**
     * Every record the run wrote on every topic is valid against the committed JSON Schema of its
     * topic's record (docs/messaging.md#the-contract), read with a real JSON Schema validator.
     */
    @Test
    void everyRecordTheRunWroteOnEveryTopicMatchesItsPublishedSchema() {
        String ofRun = "\"run_id\":\"" + runId + "\"";
        Map<String, Integer> written = Map.of(Topics.JOBS, 6, Topics.ANSWERS, 6, Topics.PARSED, 12, Topics.RESULTS, 12);
        written.forEach((topic, count) -> {
            List<ConsumerRecord<String, String>> records = TopicClient.await(topic, r -> r.value().contains(ofRun), count,
                    Duration.ofSeconds(60));
            assertThat(records).as(topic).hasSizeGreaterThanOrEqualTo(count);
            for (ConsumerRecord<String, String> record : records) {
                assertThat(CommittedSchemas.problemsOnTopic(topic, record.value())).as("%s record %s", topic, record.key()).isEmpty();
            }
        });
    }

    @Test
    void everyQuestionModelAndJudgeHasExactlyOneResult() {
        assertThat(results).hasSize(12);
        for (String question : List.of(Q_FRANCE, Q_SPIDER, Q_GOLD)) {
            for (String model : List.of("openai:model-a", "openai:model-b")) {
                for (String judge : List.of("openai:judge-1", "anthropic:judge-2")) {
                    assertThat(results).containsKey(key(question, model, judge));
                }
            }
        }
    }

    @Test
    void verdictsAndParsedFieldsFollowTheAnswers() {
        for (String judge : List.of("openai:judge-1", "anthropic:judge-2")) {
            JsonNode paris = result(Q_FRANCE, "openai:model-a", judge);
            assertThat(paris.get("status").asText()).as(judge).isEqualTo("passed");
            assertThat(paris.get("parsed").get("city").asText()).isEqualTo("Paris");
            assertThat(paris.get("template").get("fields").get(0).get("passed").asBoolean()).isTrue();
            assertThat(result(Q_GOLD, "openai:model-a", judge).get("parsed").get("symbol").asText()).isEqualTo("Au");
            assertThat(result(Q_SPIDER, "openai:model-a", judge).get("status").asText()).isEqualTo("passed");

            JsonNode sixLegs = result(Q_SPIDER, "openai:model-b", judge);
            assertThat(sixLegs.get("status").asText()).isEqualTo("failed");
            JsonNode field = sixLegs.get("template").get("fields").get(0);
            assertThat(field.get("expected").asInt()).isEqualTo(8);
            assertThat(field.get("actual").asInt()).isEqualTo(6);
            assertThat(field.get("passed").asBoolean()).isFalse();

            JsonNode abstention = paris.get("abstention");
            assertThat(abstention.get("detected").asBoolean()).isFalse();
            assertThat(abstention.get("reasoning").asText()).isNotBlank();
        }
    }

    @Test
    void rubricTraitsAreScoredByTheJudgeAndLocally() {
        JsonNode hedged = result(Q_FRANCE, "openai:model-b", "openai:judge-1");
        assertThat(hedged.get("status").asText()).isEqualTo("passed");
        Map<String, Boolean> traits = traits(hedged);
        assertThat(traits).containsEntry("concise", true).containsEntry("no_hedging", false);
        assertThat(traits(result(Q_FRANCE, "openai:model-a", "anthropic:judge-2")))
                .containsEntry("concise", true).containsEntry("no_hedging", true);
        // a question without LLM traits still gets the global regex trait, and no rubric call
        assertThat(traits(result(Q_SPIDER, "openai:model-a", "openai:judge-1"))).containsOnlyKeys("no_hedging");
    }

    @Test
    void aServerErrorFromTheModelIsARecordedFailureNotAGap() {
        for (String judge : List.of("openai:judge-1", "anthropic:judge-2")) {
            JsonNode failed = result(Q_GOLD, "openai:model-b", judge);
            assertThat(failed.get("status").asText()).isEqualTo("error");
            assertThat(failed.get("failure").get("category").asText()).isEqualTo("retry");
            assertThat(failed.get("failure").get("stage").asText()).isEqualTo("generation");
            assertThat(failed.get("failure").get("reason").asText()).contains("HTTP 500").contains("3 attempts");
            List<JsonNode> attempts = calls(failed, "generation");
            assertThat(attempts).hasSize(3).allSatisfy(call -> assertThat(call.get("error").asText()).contains("500"));
            assertThat(calls(failed, "parsing")).isEmpty();
        }
    }

    @Test
    void generationPromptsAreAssembledAsDesignedAndSentAsRecorded() {
        JsonNode result = result(Q_FRANCE, "openai:model-a", "openai:judge-1");
        JsonNode call = calls(result, "generation").get(0);
        JsonNode messages = call.get("messages");
        assertThat(messages).hasSize(2);
        // DESIGN §3: task system text, then the user's instructions for the task
        assertThat(text(messages.get(0))).isEqualTo(SYSTEM_PROMPT + "\n\n" + GENERATION_INSTRUCTIONS);
        assertThat(messages.get(0).get("role").asText()).isEqualTo("system");
        assertThat(text(messages.get(1))).isEqualTo(Q_FRANCE);

        RecordedRequest sent = stack.stub().requests().stream()
                .filter(r -> "model-a".equals(r.model()) && r.lastUserMessage().orElse("").equals(Q_FRANCE))
                .findFirst().orElseThrow();
        assertThat(sent.systemMessage()).contains(SYSTEM_PROMPT + "\n\n" + GENERATION_INSTRUCTIONS);
    }

    @Test
    void judgePromptsCarryTheAdapterInstructionsThenTheUserInstructions() {
        JsonNode openai = calls(result(Q_FRANCE, "openai:model-a", "openai:judge-1"), "parsing").stream()
                .filter(call -> call.get("task").asText().equals("parsing")).findFirst().orElseThrow();
        String system = text(openai.get("messages").get(0));
        assertThat(system).contains("JSON Schema").contains("\"city\"").doesNotContain("Paris");
        assertThat(system).endsWith(PARSING_INSTRUCTIONS);
        assertThat(text(openai.get("messages").get(1))).contains("The capital of France is Paris.")
                .endsWith("Respond with the JSON object only.");

        JsonNode anthropic = calls(result(Q_FRANCE, "openai:model-a", "anthropic:judge-2"), "parsing").stream()
                .filter(call -> call.get("task").asText().equals("parsing")).findFirst().orElseThrow();
        String anthropicSystem = text(anthropic.get("messages").get(0));
        assertThat(anthropicSystem).contains("calling the provided tool").doesNotContain("JSON Schema").endsWith(PARSING_INSTRUCTIONS);
        RecordedRequest sent = stack.stub().requests().stream()
                .filter(r -> "judge-2".equals(r.model()) && r.body().contains("\"city\""))
                .findFirst().orElseThrow();
        assertThat(sent.json().get("tool_choice").get("name").asText()).isEqualTo("record_answer");
    }

    @Test
    void usageIsRecordedPerStageAndTotalled() {
        JsonNode result = result(Q_FRANCE, "openai:model-a", "openai:judge-1");
        JsonNode usage = result.get("usage");
        assertThat(usage.get("generation").get("input_tokens").asLong()).isEqualTo(ScriptedModels.GENERATION_INPUT_TOKENS);
        assertThat(usage.get("generation").get("output_tokens").asLong()).isEqualTo(ScriptedModels.GENERATION_OUTPUT_TOKENS);
        long parsingInput = usage.get("parsing").get("input_tokens").asLong();
        assertThat(parsingInput).isGreaterThanOrEqualTo(40);
        assertThat(usage.get("total").get("input_tokens").asLong())
                .isEqualTo(ScriptedModels.GENERATION_INPUT_TOKENS + parsingInput + usage.path("rubric").path("input_tokens").asLong(0));
    }

    @Test
    void theApiKeyReachesTheProviderButNeverAResultOrALog() throws Exception {
        assertThat(stack.stub().requests()).anySatisfy(r -> assertThat(r.header("Authorization")).contains("Bearer " + PipelineStack.KEY_VALUE));
        assertThat(stack.stub().requests()).anySatisfy(r -> assertThat(r.header("x-api-key")).contains(PipelineStack.KEY_VALUE));
        for (JsonNode result : results.values()) {
            assertThat(result.toString()).doesNotContain(PipelineStack.KEY_VALUE);
        }
        for (ServiceProcess service : stack.services()) {
            assertThat(Files.readString(service.log())).as(service.log().toString()).doesNotContain(PipelineStack.KEY_VALUE);
        }
    }

    @Test
    void aRedeliveredParsedRecordUpdatesItsOneResultAndGarbageGoesToTheDeadLetterTopic() throws Exception {
        List<ConsumerRecord<String, String>> parsed = TopicClient.await(Topics.PARSED,
                record -> record.value().contains("\"run_id\":\"" + runId + "\""), 12, Duration.ofSeconds(20));
        ConsumerRecord<String, String> original = parsed.get(0);
        String resultId = Json.mapper().readTree(original.value()).get("result_id").asText();
        String garbage = "this is not a parsed record of " + runId;

        TopicClient.publish(Topics.PARSED, "garbage-" + runId, garbage);
        for (int delivery = 1; delivery <= 2; delivery++) {
            String before = RunApi.result(runId, resultId).get("completed_at").asText();
            TopicClient.publish(Topics.PARSED, original.key(), original.value());
            Eventually.await(Duration.ofSeconds(30), () -> RunApi.result(runId, resultId).get("completed_at").asText(),
                    completedAt -> !completedAt.equals(before), "result " + resultId + " to be finished again");
        }

        List<ConsumerRecord<String, String>> dead = TopicClient.await(Topics.DLQ, record -> garbage.equals(record.value()), 1,
                Duration.ofSeconds(30));
        assertThat(new String(dead.get(0).headers().lastHeader("dead-letter-reason").value())).isNotBlank();
        JsonNode page = RunApi.results(runId);
        assertThat(page.get("total").asInt()).isEqualTo(12);
        assertThat(page.get("results").findValuesAsText("result_id")).doesNotHaveDuplicates().contains(resultId);
    }





    private JsonNode result(String question, String model, String judge) {
        JsonNode result = results.get(key(question, model, judge));
        assertThat(result).as("result for %s / %s / %s", question, model, judge).isNotNull();
        return result;
    }

    private static String key(String question, String model, String judge) {
        return question + "|" + model + "|" + judge;
    }

    private static List<JsonNode> calls(JsonNode result, String stage) {
        List<JsonNode> calls = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.get("stage").asText().equals(stage)) {
                calls.add(call);
            }
        });
        return calls;
    }

    private static Map<String, Boolean> traits(JsonNode result) {
        Map<String, Boolean> traits = new HashMap<>();
        result.get("rubric").forEach(trait -> traits.put(trait.get("name").asText(), trait.get("passed").asBoolean()));
        return traits;
    }

    private static String text(JsonNode message) {
        StringBuilder text = new StringBuilder();
        message.get("content").forEach(block -> {
            if (block.get("type").asText().equals("text")) {
                text.append(text.isEmpty() ? "" : "\n").append(block.get("text").asText());
            }
        });
        return text.toString();
    }

    /** The benchmark and run config as a user writes them (YAML), sent as the JSON body. */
    private String runRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: e2e
                  questions:
                    - id: france
                      question: "%s"
                      raw_answer: Paris
                      template:
                        fields:
                          city: {type: string, description: the city named as the capital, ground_truth: Paris}
                      rubric:
                        traits:
                          - {name: concise, kind: boolean, description: "Is the answer a single sentence?"}
                    - id: spider
                      question: "%s"
                      template:
                        fields:
                          legs: {type: integer, description: the number of legs, ground_truth: 8}
                    - id: gold
                      question: "%s"
                      template:
                        fields:
                          symbol: {type: string, description: the chemical symbol, ground_truth: Au}
                config:
                  name: e2e run
                  answering_models:
                    - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s, system_prompt: "%s", temperature: 0}
                    - {interface: openai, model: model-b, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                    - {interface: anthropic, model: judge-2, base_url: "%s", api_key_env: %s}
                  abstention_check: true
                  prompt_config:
                    generation: "%s"
                    parsing: "%s"
                  global_rubric:
                    traits:
                      - {name: no_hedging, kind: regex, pattern: "(?i)\\\\bI think\\\\b", invert: true}
                """.formatted(Q_FRANCE, Q_SPIDER, Q_GOLD,
                stub, PipelineStack.KEY_ENV, SYSTEM_PROMPT, stub, PipelineStack.KEY_ENV,
                stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV, GENERATION_INSTRUCTIONS, PARSING_INSTRUCTIONS);
        return Json.write(Json.yaml().readTree(yaml));
    }
}
