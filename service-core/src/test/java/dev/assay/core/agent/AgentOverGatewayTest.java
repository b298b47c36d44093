package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.session.ModelSession;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.testsupport.mcp.TestMcpServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent on the real {@code openai} adapter and {@link ModelGateway}: the stub LLM scripts OpenAI
 * {@code tool_calls}, a real MCP server answers them, and every turn is a guarded, recorded call
 * (a 429 with Retry-After in the middle of the loop is waited out and retried).
 */
@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class AgentOverGatewayTest {

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

    @Inject
    McpConnector connector;

    private TestMcpServer.Http http;

    @BeforeEach
    void start() {
        stub.reset();
        http = TestMcpServer.startHttp();
    }

    @AfterEach
    void stop() {
        http.close();
    }

    @Test
    void toolCallsGoOutAsOpenAiFunctionsAndEveryTurnIsAGuardedRecordedCall() {
        stub.when(any()).thenReply(StubReply.toolCall("lookup", "{\"key\":\"BRCA1\"}")).once();
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).once();
        stub.when(any()).thenReply(StubReply.text("Chromosome 17.").withUsage(30, 3));
        ModelConfig model = new ModelConfig(null, "openai", "agent-m", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, null,
                Duration.ofSeconds(20), 1, null);
        ModelSession session = new ModelSession(gateway, Stage.GENERATION, model, PromptConfig.EMPTY);
        ToolLoopAgent agent = new ToolLoopAgent((messages, tools) -> session.complete(PromptTask.GENERATION, messages, tools),
                connector, session.capabilities(), model.model());
        McpServerConfig server = new McpServerConfig("facts", McpServerConfig.Transport.HTTP, null, null, null, http.url(), null);

        AgentResult result = agent.run(List.of(Message.user("On which chromosome is BRCA1?")), List.of(), List.of(server),
                new AgentConfig(5, null, Duration.ofSeconds(60), "q", Map.of()));

        assertThat(result.finalResponse()).isEqualTo("Chromosome 17.");
        assertThat(result.turns()).isEqualTo(2);
        assertThat(((ToolResultBlock) result.traceMessages().get(2).content().get(0)).content())
                .isEqualTo(TestMcpServer.FACTS.get("BRCA1"));
        // the first call offered the server's tools as functions, their schemas as declared
        RecordedRequest first = stub.requests().get(0);
        JsonNode lookup = null;
        for (JsonNode tool : first.json().get("tools")) {
            if (tool.path("function").path("name").asText().equals("lookup")) {
                lookup = tool.get("function");
            }
        }
        assertThat(lookup).isNotNull();
        assertThat(lookup.path("parameters").path("properties").path("key").path("type").asText()).isEqualTo("string");
        assertThat(lookup.path("parameters").path("required").get(0).asText()).isEqualTo("key");
        // the second turn sent the tool call and its result back
        RecordedRequest last = stub.lastRequest();
        JsonNode messages = last.json().get("messages");
        assertThat(messages.get(1).get("tool_calls").get(0).path("function").path("name").asText()).isEqualTo("lookup");
        assertThat(messages.get(2).get("role").asText()).isEqualTo("tool");
        assertThat(messages.get(2).get("content").asText()).isEqualTo(TestMcpServer.FACTS.get("BRCA1"));
        // three attempts recorded: the tool call, the 429, the answer after the Retry-After
        List<RecordedCall> calls = session.calls();
        assertThat(calls).hasSize(3);
        assertThat(calls.get(0).response()).startsWith("[tool call lookup (").contains("{\"key\":\"BRCA1\"}");
        assertThat(calls.get(1).error()).contains("429");
        assertThat(calls.get(2).response()).isEqualTo("Chromosome 17.");
        assertThat(stub.requestCount()).isEqualTo(3);
    }

    @Test
    void anAnthropicModelGetsToolsAndItsToolUseBlocksAreRun() {
        stub.when(any()).thenReply(StubReply.toolCall("add", "{\"a\":2,\"b\":3}")).once();
        stub.when(any()).thenReply(StubReply.text("5"));
        ModelConfig model = new ModelConfig(null, "anthropic", "claude-agent", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null,
                Duration.ofSeconds(20), 2, null);
        ModelSession session = new ModelSession(gateway, Stage.GENERATION, model, PromptConfig.EMPTY);
        ToolLoopAgent agent = new ToolLoopAgent((messages, tools) -> session.complete(PromptTask.GENERATION, messages, tools),
                connector, session.capabilities(), model.model());
        McpServerConfig server = new McpServerConfig("facts", McpServerConfig.Transport.HTTP, null, null, null, http.url(), null);

        AgentResult result = agent.run(List.of(Message.user("What is 2 + 3?")), List.of(), List.of(server),
                new AgentConfig(5, null, Duration.ofSeconds(60), "q", Map.of()));

        assertThat(result.finalResponse()).isEqualTo("5");
        assertThat(((ToolResultBlock) result.traceMessages().get(2).content().get(0)).content()).isEqualTo("5");
        RecordedRequest first = stub.requests().get(0);
        assertThat(first.path()).endsWith("/messages");
        assertThat(first.json().get("tools").findValuesAsText("name")).contains("lookup", "add");
        assertThat(first.json().get("tools").get(0).has("input_schema")).isTrue();
        // the tool result went back as a user turn with a tool_result block
        JsonNode messages = stub.lastRequest().json().get("messages");
        assertThat(messages.get(1).get("content").get(0).get("type").asText()).isEqualTo("tool_use");
        assertThat(messages.get(2).get("role").asText()).isEqualTo("user");
        assertThat(messages.get(2).get("content").get(0).get("type").asText()).isEqualTo("tool_result");
    }
}
