package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.PortErrorKind;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelPrices;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class ModelGatewayTest {

    private static final List<Message> PROMPT = List.of(Message.system("Be brief."), Message.user("Capital of France?"));

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    private ModelConfig model(String name, Duration timeout) {
        return new ModelConfig(null, "openai", name, stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, 7L, timeout, 4, null);
    }

    private ModelConfig model(String name) {
        return model(name, Duration.ofSeconds(10));
    }

    @Test
    void aCallSendsTheMessagesAndRecordsResponseAndUsage() {
        stub.when(any()).thenReply(StubReply.text("Paris").withUsage(12, 1));

        Completion completion = gateway.complete(model("m-ok"), Stage.GENERATION, PromptTask.GENERATION, PROMPT);

        assertThat(completion.content()).isEqualTo("Paris");
        assertThat(completion.usage().inputTokens()).isEqualTo(12L);
        assertThat(completion.usage().outputTokens()).isEqualTo(1L);
        assertThat(completion.calls()).singleElement().satisfies(call -> {
            assertThat(call.messages()).isEqualTo(PROMPT);
            assertThat(call.response()).isEqualTo("Paris");
            assertThat(call.model()).isEqualTo("openai:m-ok");
            assertThat(call.task()).isEqualTo(PromptTask.GENERATION);
            assertThat(call.error()).isNull();
        });
        var request = stub.lastRequest();
        assertThat(request.model()).isEqualTo("m-ok");
        assertThat(request.systemMessage()).contains("Be brief.");
        assertThat(request.lastUserMessage()).contains("Capital of France?");
        assertThat(request.header("Authorization")).contains("Bearer sk-test-secret-123");
        assertThat(request.json().get("temperature").asDouble()).isEqualTo(0.0);
        assertThat(request.json().get("seed").asInt()).isEqualTo(7);
    }

    @Test
    void aModelWithPricesGetsTheCostOfEveryCall() {
        stub.when(any()).thenReply(StubReply.text("Paris").withUsage(1_000, 200));
        ModelConfig priced = new ModelConfig(null, "openai", "m-priced", stub.baseUrl(), "TEST_LLM_KEY", null, null, null, null, null,
                null, new ModelPrices(new java.math.BigDecimal("2.50"), new java.math.BigDecimal("10")));

        Completion completion = gateway.complete(priced, Stage.GENERATION, PromptTask.GENERATION, PROMPT);

        // 1,000 × $2.50/M + 200 × $10/M = $0.0025 + $0.002
        assertThat(completion.usage().costUsd()).isEqualByComparingTo("0.0045");
        assertThat(completion.calls()).singleElement().satisfies(call -> assertThat(call.usage().costUsd()).isEqualByComparingTo("0.0045"));
        // without prices the cost stays unknown, not zero
        assertThat(gateway.complete(model("m-unpriced"), Stage.GENERATION, PromptTask.GENERATION, PROMPT).usage().costUsd()).isNull();
    }

    @Test
    void aRateLimitIsRetriedAfterTheProvidersRetryAfter() {
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).once();
        stub.when(any()).thenReply("Paris");

        long started = System.nanoTime();
        Completion completion = gateway.complete(model("m-429"), Stage.GENERATION, PromptTask.GENERATION, PROMPT);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(completion.content()).isEqualTo("Paris");
        assertThat(completion.calls()).hasSize(2);
        assertThat(completion.calls().get(0).error()).contains("429");
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aPersistentServerErrorEndsAsARetryFailureWithEveryAttemptRecorded() {
        stub.when(any()).thenReply(StubReply.serverError());

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(model("m-500"), Stage.GENERATION, PromptTask.GENERATION, PROMPT));

        assertThat(error.calls()).hasSize(3).allSatisfy(call -> assertThat(call.error()).contains("HTTP 500"));
        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.EXECUTION);
        var failure = error.toFailure(Stage.GENERATION);
        assertThat(failure.category()).isEqualTo(FailureCategory.RETRY);
        assertThat(failure.reason()).contains("openai:m-500").contains("3 attempts");
        assertThat(stub.requestCount()).isEqualTo(3);
        assertThat(error.getMessage() + failure.reason()).doesNotContain("sk-test-secret-123");
    }

    @Test
    void aClientErrorIsNotRetried() {
        stub.when(any()).thenReply(StubReply.error(401, "invalid_api_key", "Incorrect API key provided"));

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(model("m-401"), Stage.GENERATION, PromptTask.GENERATION, PROMPT));

        assertThat(error.calls()).hasSize(1);
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(error.getMessage()).doesNotContain("sk-test-secret-123");
    }

    @Test
    void aHangBeyondTheTimeoutIsATimeout() {
        stub.when(any()).thenReply(StubReply.hang());

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(model("m-hang", Duration.ofMillis(500)), Stage.GENERATION, PromptTask.GENERATION, PROMPT));

        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.TIMEOUT);
        // the timeout is the whole call's: no time is left for a retry
        assertThat(error.calls()).hasSize(1);
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.RETRY);
    }

    @Test
    void aMalformedBodyIsAMalformedResponse() {
        stub.when(any()).thenReply(StubReply.malformedJson());

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(model("m-junk"), Stage.GENERATION, PromptTask.GENERATION, PROMPT));

        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.MALFORMED_RESPONSE);
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.CONTENT);
    }

    @Test
    void extractionRepairsAnUnusableAnswerOnce() throws Exception {
        JsonNode schema = Json.mapper().readTree("""
                {"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}""");
        stub.when(any()).thenReply("The city is Paris.").once();
        stub.when(any()).thenReply("```json\n{\"city\": \"Paris\"}\n```");

        Extraction extraction = gateway.extract(model("judge"), Stage.PARSING, PromptTask.PARSING, PROMPT, schema);

        assertThat(extraction.value().get("city").asText()).isEqualTo("Paris");
        assertThat(extraction.calls()).hasSize(2);
        List<Message> repair = extraction.calls().get(1).messages();
        assertThat(repair).hasSize(4);
        assertThat(repair.get(2)).isEqualTo(Message.assistant("The city is Paris."));
        assertThat(repair.get(3).text()).contains("contains no JSON object");
        assertThat(stub.requests().get(1).lastUserMessage().orElseThrow()).contains("could not be used");
    }

    @Test
    void aJudgeAnswerReadWithTypeCoercionSaysSoOnItsCall() throws Exception {
        JsonNode schema = Json.mapper().readTree("""
                {"type":"object","properties":{"correct":{"type":["boolean","null"]},"count":{"type":["integer","null"]}},
                 "required":["correct","count"],"additionalProperties":false}""");
        stub.when(any()).thenReply("{\"correct\": \"yes\", \"count\": \"3\"}");

        Extraction extraction = gateway.extract(model("judge-lax"), Stage.PARSING, PromptTask.PARSING, PROMPT, schema);

        // Karenina's Pydantic templates take "yes" for a bool: no repair round is spent, and the call records the reading
        assertThat(extraction.value().get("correct").booleanValue()).isTrue();
        assertThat(extraction.value().get("count").asInt()).isEqualTo(3);
        assertThat(extraction.calls()).singleElement().satisfies(call -> assertThat(call.coercions())
                .containsExactly("correct: \"yes\" read as true", "count: \"3\" read as 3"));
        assertThat(Json.write(extraction.calls().get(0))).contains("\"coercions\"");
    }

    @Test
    void extractionFailsAsContentWhenTheAnswerStaysWrong() throws Exception {
        JsonNode schema = Json.mapper().readTree("""
                {"type":"object","properties":{"dose":{"type":"number"}},"required":["dose"]}""");
        stub.when(any()).thenReply("{\"dose\": \"a lot\"}");

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.extract(model("judge-bad"), Stage.PARSING, PromptTask.PARSING, PROMPT, schema));

        assertThat(error.toFailure(Stage.PARSING).category()).isEqualTo(FailureCategory.CONTENT);
        assertThat(error.getMessage()).contains("does not match the schema");
        assertThat(error.calls()).extracting(RecordedCall::response).containsOnly("{\"dose\": \"a lot\"}");
    }

    @Test
    void anAnswerCheckProblemIsRepairedLikeASchemaErrorAndTheLastAnswerIsKept() throws Exception {
        JsonNode schema = Json.mapper().readTree("""
                {"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"]}""");
        AnswerCheck distinct = answer -> answer.get("a").equals(answer.get("b")) ? List.of("a and b must differ") : List.of();
        stub.when(any()).thenReply("{\"a\": 1, \"b\": 1}").once();
        stub.when(any()).thenReply("{\"a\": 1, \"b\": 2}").once();
        stub.when(any()).thenReply("{\"a\": 3, \"b\": 3}");

        Extraction repaired = gateway.extract(model("judge-check"), Stage.RUBRIC, PromptTask.RUBRIC_METRIC_TRAIT, PROMPT, schema,
                distinct);
        ModelCallException failed = catchThrowableOfType(ModelCallException.class,
                () -> gateway.extract(model("judge-check"), Stage.RUBRIC, PromptTask.RUBRIC_METRIC_TRAIT, PROMPT, schema, distinct));

        assertThat(repaired.value().get("b").asInt()).isEqualTo(2);
        assertThat(repaired.calls()).hasSize(2);
        assertThat(repaired.calls().get(1).messages().get(3).text()).contains("could not be used: a and b must differ");
        assertThat(failed.calls()).hasSize(2);
        assertThat(failed.toFailure(Stage.RUBRIC).category()).isEqualTo(FailureCategory.CONTENT);
        assertThat(failed.portError()).isInstanceOfSatisfying(MalformedResponseException.class, malformed -> {
            assertThat(malformed.getMessage()).isEqualTo("a and b must differ");
            assertThat(malformed.rawContent()).isEqualTo("{\"a\": 3, \"b\": 3}");
        });
    }

    @Test
    void anUnknownInterfaceIsAPermanentFailureNamingTheKnownOnes() {
        ModelConfig unknown = ModelConfig.of("openia", "m");
        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(unknown, Stage.GENERATION, PromptTask.GENERATION, PROMPT));
        assertThat(error.getMessage()).contains("no adapter for interface \"openia\"").contains("did you mean \"openai\"");
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(error.calls()).isEmpty();
    }
}
