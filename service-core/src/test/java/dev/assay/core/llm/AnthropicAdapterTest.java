package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
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

/** The anthropic adapter against the stub's Messages API dialect, through the gateway as stages use it. */
@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class AnthropicAdapterTest {

    private static final List<Message> PROMPT = List.of(Message.system("You extract facts."), Message.user("Paris is the capital."));

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    private ModelConfig claude(String name) {
        return new ModelConfig(null, "anthropic", name, stub.baseUrl(), "TEST_LLM_KEY", 0.2, null, null,
                Duration.ofSeconds(10), 2, null);
    }

    @Test
    void sendsAMessagesRequestAndReadsTextAndUsage() {
        stub.when(any()).thenReply(StubReply.text("It is Paris.").withUsage(20, 4));

        Completion completion = gateway.complete(claude("claude-a"), Stage.GENERATION, PromptTask.GENERATION, PROMPT);

        assertThat(completion.content()).isEqualTo("It is Paris.");
        assertThat(completion.usage().inputTokens()).isEqualTo(20L);
        assertThat(completion.usage().totalTokens()).isEqualTo(24L);
        var request = stub.lastRequest();
        assertThat(request.path()).isEqualTo("/v1/messages");
        assertThat(request.header("x-api-key")).contains("sk-test-secret-123");
        assertThat(request.header("anthropic-version")).contains("2023-06-01");
        JsonNode body = request.json();
        assertThat(body.get("system").asText()).isEqualTo("You extract facts.");
        assertThat(body.get("max_tokens").asInt()).isEqualTo(4096);
        assertThat(body.get("messages")).hasSize(1);
        assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("user");
        assertThat(body.has("tools")).isFalse();
        assertThat(request.systemMessage()).contains("You extract facts.");
    }

    @Test
    void structuredOutputIsAForcedToolCallWhoseInputIsTheAnswer() throws Exception {
        JsonNode schema = Json.mapper().readTree("""
                {"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}""");
        stub.when(any()).thenReply(StubReply.toolCall("record_answer", "{\"city\":\"Paris\"}"));

        Extraction extraction = gateway.extract(claude("claude-b"), Stage.PARSING, PromptTask.PARSING, PROMPT, schema);

        assertThat(extraction.value().get("city").asText()).isEqualTo("Paris");
        JsonNode body = stub.lastRequest().json();
        assertThat(body.get("tools").get(0).get("input_schema")).isEqualTo(schema);
        assertThat(body.get("tool_choice").get("name").asText()).isEqualTo("record_answer");
        assertThat(gateway.capabilities(claude("claude-b")).supportsStructuredOutput()).isTrue();
    }

    @Test
    void rateLimitsHonourRetryAfterAndServerErrorsEndAsRetryFailures() {
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).once();
        stub.when(any()).thenReply("ok");
        long started = System.nanoTime();
        assertThat(gateway.complete(claude("claude-c"), Stage.GENERATION, PromptTask.GENERATION, PROMPT).content()).isEqualTo("ok");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));

        stub.reset();
        stub.when(any()).thenReply(StubReply.serverError());
        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(claude("claude-d"), Stage.GENERATION, PromptTask.GENERATION, PROMPT));
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.RETRY);
        assertThat(error.getMessage()).contains("HTTP 500").contains("server_error").doesNotContain("sk-test-secret-123");
        assertThat(error.calls()).hasSize(3);
    }
}
