package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.AgentConfig;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortTimeoutException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.SecretResolver;
import dev.assay.testsupport.mcp.TestMcpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tools the run config declares with an HTTP endpoint (docs/agents.md), called by the agent's loop
 * on a real HTTP server on 127.0.0.1: arguments POSTed as JSON with the headers' secrets resolved
 * from the environment, the body back as the result; a failing or silent endpoint is an error
 * result the model reads; a hanging one runs into the agent's own deadline.
 */
class HttpToolsTest {

    private static final List<Message> QUESTION = List.of(Message.user("Where is BRCA1?"));
    private static final String SECRET = "tool-secret-xyz-991";
    private static final ObjectSchema SCHEMA = new ObjectSchema();

    private static HttpServer server;
    private static final List<String> bodies = Collections.synchronizedList(new ArrayList<>());
    private static final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());
    private static final CountDownLatch released = new CountDownLatch(1);

    /** The schema of gene_lookup's input. */
    private static final class ObjectSchema {
        final JsonNode node = Json.read("{\"type\":\"object\",\"properties\":{\"symbol\":{\"type\":\"string\"}},\"required\":[\"symbol\"]}",
                JsonNode.class);
    }

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/gene", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            bodies.add(body);
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            String symbol = Json.read(body, JsonNode.class).path("symbol").asText();
            respond(exchange, symbol.equals("BRCA1") ? 200 : 404, symbol.equals("BRCA1") ? "17q21.31" : "no gene " + symbol);
        });
        server.createContext("/down", exchange -> respond(exchange, 503, "database down"));
        server.createContext("/hang", exchange -> {
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(exchange, 200, "too late");
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        released.countDown();
        server.stop(0);
    }

    private static void respond(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static HttpToolConfig tool(String name, String path) {
        return new HttpToolConfig(name, "Looks a gene up by its symbol", SCHEMA.node, url(path),
                Map.of("Authorization", "Bearer ${ASSAY_TEST_TOOL_TOKEN}"));
    }

    /** Model turns read from a script, each seeing what the loop sent. */
    private static final class Script implements AgentTurn {
        private final Deque<Completion> replies = new ConcurrentLinkedDeque<>();
        final List<List<ToolDefinition>> offered = new ArrayList<>();

        Script toolCall(String id, String name, String argumentsJson) {
            replies.add(new Completion("", UsageMetadata.EMPTY, List.of(),
                    List.of(new ToolUseBlock(id, name, Json.read(argumentsJson, JsonNode.class)))));
            return this;
        }

        Script answer(String text) {
            replies.add(new Completion(text, UsageMetadata.EMPTY, List.of()));
            return this;
        }

        @Override
        public Completion take(List<Message> messages, List<ToolDefinition> tools) {
            offered.add(tools);
            Completion next = replies.poll();
            if (next == null) {
                throw new AssertionError("the loop asked for a turn the script does not have");
            }
            return next;
        }
    }

    private static ToolLoopAgent agent(AgentTurn turn) {
        SecretResolver secrets = new SecretResolver() {
            @Override
            public Optional<String> resolve(String name) {
                return name.equals("ASSAY_TEST_TOOL_TOKEN") ? Optional.of(SECRET) : Optional.empty();
            }
        };
        return new ToolLoopAgent(turn, new McpConnector(secrets, Duration.ofSeconds(60)), PortCapabilities.DEFAULT, "m");
    }

    private static AgentConfig config(Duration timeout, List<HttpToolConfig> tools, List<String> filter) {
        Map<String, Object> extra = new java.util.HashMap<>();
        extra.put(ToolLoopAgent.HTTP_TOOLS, tools);
        if (filter != null) {
            extra.put(ToolLoopAgent.TOOL_FILTER, filter);
        }
        return new AgentConfig(5, null, timeout, "q1", extra);
    }

    private static ToolResultBlock toolResult(AgentResult result, int index) {
        return (ToolResultBlock) result.traceMessages().get(index).content().get(0);
    }

    @Test
    void aDeclaredToolIsOfferedWithItsSchemaAndCalledOverHttpWithItsSecretHeader() {
        bodies.clear();
        authorizations.clear();
        Script script = new Script()
                .toolCall("c1", "gene_lookup", "{\"symbol\":\"BRCA1\"}")
                .toolCall("c2", "gene_lookup", "{\"symbol\":\"XYZ9\"}")
                .answer("Chromosome 17.");

        AgentResult result = agent(script).run(QUESTION, List.of(), List.of(),
                config(Duration.ofSeconds(60), List.of(tool("gene_lookup", "/gene")), null));

        assertThat(result.finalResponse()).isEqualTo("Chromosome 17.");
        assertThat(script.offered.get(0)).singleElement().satisfies(offered -> {
            assertThat(offered.name()).isEqualTo("gene_lookup");
            assertThat(offered.description()).isEqualTo("Looks a gene up by its symbol");
            assertThat(offered.inputSchema().path("required").get(0).asText()).isEqualTo("symbol");
        });
        assertThat(bodies).containsExactly("{\"symbol\":\"BRCA1\"}", "{\"symbol\":\"XYZ9\"}");
        assertThat(authorizations).containsOnly("Bearer " + SECRET);
        assertThat(toolResult(result, 2)).isEqualTo(new ToolResultBlock("c1", "17q21.31", false));
        // a status other than 2xx: an error result with the status and the body, which the model reads
        assertThat(toolResult(result, 4)).satisfies(block -> {
            assertThat(block.isError()).isTrue();
            assertThat(block.content()).isEqualTo("tool \"gene_lookup\" failed: its endpoint answered HTTP 404: no gene XYZ9");
        });
        assertThat(Json.write(result)).doesNotContain(SECRET);
        assertThat(AgentTrace.problem(result)).isEmpty();
    }

    @Test
    void anEndpointThatFailsOrDoesNotAnswerIsAnErrorResultAndTheRunGoesOn() {
        Script script = new Script()
                .toolCall("c1", "status", "{}")
                .toolCall("c2", "nowhere", "{}")
                .answer("The tools failed.");
        HttpToolConfig down = new HttpToolConfig("status", null, null, url("/down"), null);
        HttpToolConfig nowhere = new HttpToolConfig("nowhere", null, null, "http://127.0.0.1:9/tool", null);

        AgentResult result = agent(script).run(QUESTION, List.of(), List.of(),
                config(Duration.ofSeconds(60), List.of(down, nowhere), null));

        assertThat(result.finalResponse()).isEqualTo("The tools failed.");
        assertThat(toolResult(result, 2).isError()).isTrue();
        assertThat(toolResult(result, 2).content()).contains("HTTP 503", "database down");
        assertThat(toolResult(result, 4).isError()).isTrue();
        assertThat(toolResult(result, 4).content()).startsWith("tool \"nowhere\" failed: its endpoint did not answer")
                .doesNotContain("127.0.0.1");
        // a tool without a schema is offered as an object of any properties
        assertThat(script.offered.get(0).get(0).inputSchema().path("type").asText()).isEqualTo("object");
    }

    @Test
    void httpToolsGoNextToTheMcpServersToolsAndTheFilterChoosesAmongBoth() {
        try (TestMcpServer.Http mcp = TestMcpServer.startHttp()) {
            McpServerConfig facts = new McpServerConfig("facts", McpServerConfig.Transport.HTTP, null, null, null, mcp.url(), null);
            Script script = new Script()
                    .toolCall("c1", "lookup", "{\"key\":\"BRCA1\"}")
                    .toolCall("c2", "gene_lookup", "{\"symbol\":\"BRCA1\"}")
                    .answer("17");

            AgentResult result = agent(script).run(QUESTION, List.of(), List.of(facts),
                    config(Duration.ofSeconds(60), List.of(tool("gene_lookup", "/gene")), List.of("gene_lookup", "lookup")));

            assertThat(script.offered.get(0)).extracting(ToolDefinition::name).containsExactly("lookup", "gene_lookup");
            assertThat(toolResult(result, 2).content()).isEqualTo(TestMcpServer.FACTS.get("BRCA1"));
            assertThat(toolResult(result, 4).content()).isEqualTo("17q21.31");

            // an http tool may not take the name of a server's tool: the model could not tell them apart
            assertThatThrownBy(() -> agent(new Script()).run(QUESTION, List.of(), List.of(facts),
                    config(Duration.ofSeconds(60), List.of(tool("lookup", "/gene")), null)))
                    .isInstanceOf(AgentRunException.class)
                    .hasMessageContaining("agent.http_tools: \"lookup\" is also the name of a tool of an mcp server");
        }
    }

    @Test
    void aHeaderNamingAnUnsetVariableFailsTheRunNamingTheVariable() {
        HttpToolConfig unset = new HttpToolConfig("gene_lookup", null, null, url("/gene"), Map.of("X-Api-Key", "${ASSAY_UNSET_VAR}"));

        assertThatThrownBy(() -> agent(new Script()).run(QUESTION, List.of(), List.of(),
                config(Duration.ofSeconds(60), List.of(unset), null)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("http tool \"gene_lookup\": headers.X-Api-Key names the environment variable ASSAY_UNSET_VAR");
    }

    @Test
    void aToolThatHangsRunsIntoTheAgentsDeadlineAndTheTraceSoFarIsKept() {
        Script script = new Script().toolCall("c1", "slow", "{}").answer("never");
        HttpToolConfig slow = new HttpToolConfig("slow", null, null, url("/hang"), null);

        assertThatThrownBy(() -> agent(script).run(QUESTION, List.of(), List.of(), config(Duration.ofSeconds(2), List.of(slow), null)))
                .isInstanceOf(AgentRunException.class)
                .hasMessageContaining("the agent run passed its timeout of 2s after 1 turn")
                .satisfies(e -> {
                    AgentRunException run = (AgentRunException) e;
                    assertThat(run.portError()).isInstanceOf(PortTimeoutException.class);
                    // the question and the turn that asked for the tool (and, when the HTTP client gave up first, the
                    // call's timeout as its error result); the model was not asked again
                    List<Message> trace = run.partial().traceMessages();
                    assertThat(trace.get(1).toolUses()).extracting(ToolUseBlock::name).containsExactly("slow");
                    assertThat(trace).hasSizeBetween(2, 3).noneMatch(message -> message.text().equals("never"));
                    assertThat(run.partial().turns()).isEqualTo(1);
                });
    }
}
