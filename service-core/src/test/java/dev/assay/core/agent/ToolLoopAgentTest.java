package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.RateLimitedException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.SecretResolver;
import dev.assay.testsupport.mcp.TestMcpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent's loop against real MCP servers (the SDK-built {@link TestMcpServer}, over stdio as a
 * child process and over streamable HTTP on 127.0.0.1), with scripted model turns.
 */
class ToolLoopAgentTest {

    private static final List<Message> QUESTION = List.of(Message.user("On which chromosome is BRCA1, and what is 2 + 3?"));

    private static TestMcpServer.Http http;

    @BeforeAll
    static void startHttp() {
        http = TestMcpServer.startHttp();
    }

    @AfterAll
    static void stopHttp() {
        http.close();
    }

    private static McpServerConfig stdio() {
        List<String> command = TestMcpServer.stdioCommand();
        return new McpServerConfig("facts", McpServerConfig.Transport.STDIO, command.get(0), command.subList(1, command.size()),
                null, null, null);
    }

    private static McpServerConfig overHttp() {
        return new McpServerConfig("facts-http", McpServerConfig.Transport.HTTP, null, null, null, http.url(), null);
    }

    /** Model turns read from a script, each seeing what the loop sent. */
    private static final class Script implements AgentTurn {
        private final Deque<Completion> replies = new ConcurrentLinkedDeque<>();
        final List<List<Message>> sent = new ArrayList<>();
        final List<List<ToolDefinition>> offered = new ArrayList<>();

        Script toolCall(String id, String name, String argumentsJson) {
            replies.add(new Completion("", usage(), List.of(), List.of(new ToolUseBlock(id, name, Json.read(argumentsJson, JsonNode.class)))));
            return this;
        }

        Script answer(String text) {
            replies.add(new Completion(text, usage(), List.of()));
            return this;
        }

        @Override
        public Completion take(List<Message> messages, List<ToolDefinition> tools) {
            sent.add(messages);
            offered.add(tools);
            Completion next = replies.poll();
            if (next == null) {
                throw new AssertionError("the loop asked for a turn the script does not have");
            }
            return next;
        }

        private static UsageMetadata usage() {
            return UsageMetadata.builder().inputTokens(10L).outputTokens(2L).totalTokens(12L).model("m").build();
        }
    }

    private static ToolLoopAgent agent(AgentTurn turn, SecretResolver secrets) {
        return agent(turn, secrets, Duration.ofSeconds(60));
    }

    private static ToolLoopAgent agent(AgentTurn turn, SecretResolver secrets, Duration startup) {
        return new ToolLoopAgent(turn, new McpConnector(secrets, startup), PortCapabilities.DEFAULT, "m");
    }

    private static ToolLoopAgent agent(AgentTurn turn) {
        return agent(turn, new SecretResolver() {
            @Override
            public Optional<String> resolve(String name) {
                return Optional.empty();
            }
        });
    }

    private static AgentConfig config(int maxTurns) {
        return new AgentConfig(maxTurns, null, Duration.ofSeconds(60), "q1", Map.of());
    }

    @Test
    void answersAfterTwoToolCallsOnAStdioServer() {
        Script script = new Script()
                .toolCall("c1", "lookup", "{\"key\":\"BRCA1\"}")
                .toolCall("c2", "add", "{\"a\":2,\"b\":3}")
                .answer("Chromosome 17; 2 + 3 = 5.");

        AgentResult result = agent(script).run(QUESTION, List.of(), List.of(stdio()), config(5));

        assertThat(result.finalResponse()).isEqualTo("Chromosome 17; 2 + 3 = 5.");
        assertThat(result.turns()).isEqualTo(3);
        assertThat(result.limitReached()).isFalse();
        assertThat(result.usage().inputTokens()).isEqualTo(30L);
        assertThat(script.offered.get(0)).extracting(ToolDefinition::name).contains("lookup", "add", "broken");
        assertThat(script.offered.get(0)).filteredOn(tool -> tool.name().equals("lookup")).singleElement()
                .satisfies(tool -> assertThat(tool.inputSchema().path("properties").has("key")).isTrue());
        // question, call, result, call, result, answer
        assertThat(result.traceMessages()).extracting(Message::role)
                .containsExactly(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT);
        assertThat(toolResult(result, 2)).satisfies(block -> {
            assertThat(block.toolUseId()).isEqualTo("c1");
            assertThat(block.content()).isEqualTo(TestMcpServer.FACTS.get("BRCA1"));
            assertThat(block.isError()).isFalse();
        });
        assertThat(toolResult(result, 4).content()).isEqualTo("5");
        // the model's second turn saw the first tool's result
        assertThat(script.sent.get(1)).hasSize(3);
        assertThat(result.rawTrace()).contains("--- AI Message ---", "--- Tool Message (call_id: c1) ---",
                "lookup (call_id: c1) {\"key\":\"BRCA1\"}", "Chromosome 17; 2 + 3 = 5.");
        assertThat(AgentTrace.problem(result)).isEmpty();
    }

    @Test
    void aToolThatFailsIsAnErrorResultTheModelReadsOverHttp() {
        Script script = new Script()
                .toolCall("c1", "broken", "{}")
                .toolCall("c2", "crash", "{}")
                .toolCall("c3", "nonexistent", "{}")
                .answer("The tools failed; I cannot say.");

        AgentResult result = agent(script).run(QUESTION, List.of(), List.of(overHttp()), config(5));

        assertThat(result.finalResponse()).isEqualTo("The tools failed; I cannot say.");
        assertThat(toolResult(result, 2)).satisfies(block -> {
            assertThat(block.isError()).isTrue();
            assertThat(block.content()).isEqualTo(TestMcpServer.BROKEN_MESSAGE);
        });
        assertThat(toolResult(result, 4)).satisfies(block -> {
            assertThat(block.isError()).isTrue();
            assertThat(block.content()).contains("crash");
        });
        assertThat(toolResult(result, 6)).satisfies(block -> {
            assertThat(block.isError()).isTrue();
            assertThat(block.content()).contains("no tool named \"nonexistent\"", "lookup");
        });
        assertThat(result.rawTrace()).contains("--- Tool Message (call_id: c1, error) ---");
    }

    @Test
    void aServerThatWillNotStartFailsTheRunNamingIt() {
        McpServerConfig missing = new McpServerConfig("ghost", McpServerConfig.Transport.STDIO,
                "/nonexistent/assay-mcp-server", List.of("--serve"), null, null, null);

        assertThatThrownBy(() -> agent(new Script()).run(QUESTION, List.of(), List.of(missing), config(5)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("mcp server \"ghost\" (stdio: /nonexistent/assay-mcp-server --serve) did not start: "
                        + "no executable \"/nonexistent/assay-mcp-server\"")
                .satisfies(e -> assertThat(((AgentRunException) e).partial().turns()).isZero());
    }

    @Test
    void aStdioServerThatExitsAtOnceFailsTheRunNamingIt() {
        // starts, but is no MCP server: it exits without answering initialize
        McpServerConfig exits = new McpServerConfig("quits", McpServerConfig.Transport.STDIO, "sh", List.of("-c", "exit 3"),
                null, null, null);

        SecretResolver none = new SecretResolver() {
            @Override
            public Optional<String> resolve(String name) {
                return Optional.empty();
            }
        };
        // such a server is noticed only when assay.agent.mcp-startup-timeout runs out
        assertThatThrownBy(() -> agent(new Script(), none, Duration.ofSeconds(2)).run(QUESTION, List.of(), List.of(exits), config(5)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("mcp server \"quits\" (stdio: sh -c exit 3) did not start");
    }

    @Test
    void anUnreachableHttpServerFailsTheRunNamingIt() {
        McpServerConfig down = new McpServerConfig("down", McpServerConfig.Transport.HTTP, null, null, null,
                "http://127.0.0.1:9/mcp", null);

        assertThatThrownBy(() -> agent(new Script()).run(QUESTION, List.of(), List.of(down), config(5)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("mcp server \"down\" (http: http://127.0.0.1:9/mcp) did not start");
    }

    @Test
    void theTurnLimitEndsTheRunWithLimitReached() {
        Script script = new Script()
                .toolCall("c1", "lookup", "{\"key\":\"BRCA1\"}")
                .toolCall("c2", "lookup", "{\"key\":\"TP53\"}");

        AgentResult result = agent(script).run(QUESTION, List.of(), List.of(overHttp()), config(2));

        assertThat(result.limitReached()).isTrue();
        assertThat(result.turns()).isEqualTo(2);
        assertThat(result.traceMessages()).last().extracting(Message::role).isEqualTo(Role.TOOL);
        assertThat(AgentTrace.problem(result)).get().asString().contains("turn limit (2 turns");
    }

    @Test
    void aModelCallThatFailsForGoodEndsTheTraceWithThePlaceholder() {
        AgentTurn turns = new AgentTurn() {
            int taken;

            @Override
            public Completion take(List<Message> messages, List<ToolDefinition> tools) {
                if (taken++ == 0) {
                    return new Completion("", UsageMetadata.EMPTY, List.of(),
                            List.of(new ToolUseBlock("c1", "lookup", Json.read("{\"key\":\"TP53\"}", JsonNode.class))));
                }
                RecordedCall failed = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, "openai:m", messages, null,
                        UsageMetadata.EMPTY, 5, "rate limited");
                throw new ModelCallException(new RateLimitedException("openai:m: rate limited", Duration.ofSeconds(1), null),
                        List.of(failed));
            }
        };

        assertThatThrownBy(() -> agent(turns).run(QUESTION, List.of(), List.of(overHttp()), config(5)))
                .isInstanceOf(AgentRunException.class)
                .satisfies(e -> {
                    AgentResult partial = ((AgentRunException) e).partial();
                    assertThat(partial.turns()).isEqualTo(1);
                    assertThat(partial.traceMessages()).last().satisfies(last -> {
                        assertThat(last.role()).isEqualTo(Role.ASSISTANT);
                        assertThat(last.text()).startsWith(AgentTrace.RETRY_EXHAUSTED_PLACEHOLDER).contains("rate limited");
                    });
                    assertThat(AgentTrace.problem(partial)).get().asString().contains("failed after its retries");
                });
    }

    @Test
    void theToolFilterOffersOnlyTheToolsItNames() {
        Script script = new Script().answer("No tools needed.");
        AgentConfig filtered = new AgentConfig(3, null, Duration.ofSeconds(60), "q1", Map.of(ToolLoopAgent.TOOL_FILTER, List.of("lookup")));

        agent(script).run(QUESTION, List.of(), List.of(overHttp()), filtered);

        assertThat(script.offered.get(0)).extracting(ToolDefinition::name).containsExactly("lookup");
    }

    @Test
    void aFilterNamingAToolNoServerHasIsAnError() {
        AgentConfig filtered = new AgentConfig(3, null, Duration.ofSeconds(60), "q1", Map.of(ToolLoopAgent.TOOL_FILTER, List.of("lookpu")));

        assertThatThrownBy(() -> agent(new Script()).run(QUESTION, List.of(), List.of(overHttp()), filtered))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("agent.tools names lookpu, which no mcp server or http tool offers; they offer: lookup, add");
    }

    @Test
    void headerSecretsComeFromTheEnvironmentAndNeverShow() {
        McpServerConfig secured = new McpServerConfig("secured", McpServerConfig.Transport.HTTP, null, null, null, http.url(),
                Map.of("Authorization", "Bearer ${ASSAY_TEST_MCP_TOKEN}"));
        SecretResolver none = new SecretResolver() {
            @Override
            public Optional<String> resolve(String name) {
                return Optional.empty();
            }
        };
        assertThatThrownBy(() -> agent(new Script(), none).run(QUESTION, List.of(), List.of(secured), config(3)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("headers.Authorization names the environment variable ASSAY_TEST_MCP_TOKEN, which is not set");

        SecretResolver set = new SecretResolver() {
            @Override
            public Optional<String> resolve(String name) {
                return Optional.of("tok-very-secret");
            }
        };
        Script script = new Script().toolCall("c1", "broken", "{}").answer("done");
        AgentResult result = agent(script, set).run(QUESTION, List.of(), List.of(secured), config(3));
        assertThat(result.finalResponse()).isEqualTo("done");
        assertThat(Json.write(result)).doesNotContain("tok-very-secret");
    }

    @Test
    void plainToolsWithoutAServerAreRefused() {
        ToolDefinition plain = new ToolDefinition("search", "web search", null);
        assertThatThrownBy(() -> agent(new Script()).run(QUESTION, List.of(plain), List.of(), config(3)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("not supported")
                .cause().isInstanceOf(PortExecutionException.class);
    }

    private static ToolResultBlock toolResult(AgentResult result, int index) {
        return (ToolResultBlock) result.traceMessages().get(index).content().get(0);
    }
}
