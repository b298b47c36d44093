package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.mcp.TestMcpServer;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agentic answering through the deployed pipeline (docs/agents.md): three answering models run
 * as agents against real MCP servers built with the MCP Java SDK — one over stdio (a child process
 * the generation service starts), one over streamable HTTP (in this JVM, on 127.0.0.1, its token
 * named by an environment variable), one whose server will not start — with the stub LLM scripting
 * OpenAI {@code tool_calls}. The parsing stage's guards auto-fail the run that hit its turn limit.
 *
 * <p>A second run on the same stack evaluates agentically (docs/agents.md, "Agentic evaluation"):
 * its judge parses by investigating with the HTTP MCP server's tools, then extracting, and scores
 * an {@code agentic} trait by investigating with a declared http tool.
 *
 * <p>A third run gives its answering agent a workspace (docs/agents.md, "The workspace"): the agent
 * writes its finding to a file and answers only where to find it; the generation service snapshots
 * the file into the answer, and the parsing service's judge ({@code judge_context:
 * trace_and_workspace}) lists and reads it with its read-only file tools.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentEndToEndTest {

    private static final String Q_BRCA = "On which chromosome is BRCA1?";
    private static final String Q_BROKEN = "Use the broken tool, then answer: on which chromosome is BRCA1?";
    private static final String Q_LOOP = "Keep looking TP53 up.";
    private static final String ANSWER = "BRCA1 is on chromosome 17.";
    private static final String GAVE_UP = "The tool failed, so I cannot say.";
    private static final String TOKEN_ENV = "ASSAY_E2E_MCP_TOKEN";
    private static final String TOKEN = "mcp-token-e2e-secret-77";

    private static final String LOCUS = "BRCA1: 17q21.31 (from the gene service)";

    private PipelineStack stack;
    private TestMcpServer.Http http;
    /** The endpoint of agent-http's declared http tool, and the key headers it was called with. */
    private com.sun.net.httpserver.HttpServer geneService;
    private final List<String> geneServiceKeys = java.util.Collections.synchronizedList(new ArrayList<>());
    private final List<JsonNode> results = new ArrayList<>();

    private static final String Q_AGENTIC = "Where does BRCA1 lie? (judged agentically)";
    private static final String PLAIN_ANSWER = "It lies on the long arm of chromosome 17.";
    private static final String PARSING_REPORT = "chromosome: the answer says 17; the facts service confirms BRCA1 lies on chromosome 17.";
    private static final String TRAIT_REPORT = "The gene service gives BRCA1: 17q21.31, matching the answer's long arm of 17. Value: true.";
    private static final String TRAIT_LOCUS = "BRCA1: 17q21.31 (the agentic trait's gene service)";
    /** The key headers the agentic trait's http tool was called with. */
    private final List<String> traitToolKeys = java.util.Collections.synchronizedList(new ArrayList<>());
    private JsonNode agentic;

    private static final String Q_FILES = "Where does BRCA1 lie? (write your finding to a file)";
    private static final String FINDING = "BRCA1 lies on chromosome 17, at 17q21.31.";
    private static final String FILES_ANSWER = "My finding is in findings/brca1.md.";
    private static final String FILES_REPORT = "chromosome: the agent's file findings/brca1.md says chromosome 17.";
    private static final String FILES_TRAIT_REPORT = "The agent's notes give the locus 17q21.31: it was located.";
    private JsonNode withFiles;

    @BeforeAll
    void run() throws Exception {
        http = TestMcpServer.startHttp();
        geneService = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        geneService.createContext("/locus", exchange -> {
            geneServiceKeys.add(exchange.getRequestHeaders().getFirst("X-Api-Key"));
            exchange.getRequestBody().readAllBytes();
            byte[] body = LOCUS.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        geneService.createContext("/trait-locus", exchange -> {
            traitToolKeys.add(exchange.getRequestHeaders().getFirst("X-Api-Key"));
            exchange.getRequestBody().readAllBytes();
            byte[] body = TRAIT_LOCUS.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        geneService.start();
        // a stdio server here is a JVM of its own, one per job: on a loaded machine it may start slowly
        stack = PipelineStack.start(Map.of(TOKEN_ENV, TOKEN, "ASSAY_AGENT_MCP_STARTUP_TIMEOUT", "120s"));
        stack.stub().fallback(StubReply.computed(this::reply));
        RestAssured.baseURI = stack.apiUrl();
        JsonNode submission = RunApi.submit(runRequest());
        String runId = submission.get("run_id").asText();
        assertThat(submission.get("jobs").asInt()).isEqualTo(9);
        RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
        RunApi.results(runId).get("results").forEach(results::add);

        // on the same stack: a run whose judge evaluates agentically
        String agenticRun = RunApi.submit(agenticRunRequest()).get("run_id").asText();
        RunApi.awaitCompleted(agenticRun, Duration.ofMinutes(3), stack::logTails);
        agentic = RunApi.results(agenticRun).get("results").get(0);

        // and a run whose answering agent leaves its finding in its workspace, for the judge to read
        String filesRun = RunApi.submit(workspaceRunRequest()).get("run_id").asText();
        RunApi.awaitCompleted(filesRun, Duration.ofMinutes(3), stack::logTails);
        withFiles = RunApi.results(filesRun).get("results").get(0);
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
        if (http != null) {
            http.close();
        }
        if (geneService != null) {
            geneService.stop(0);
        }
    }

    /** Agents: tool calls scripted by how many tool results the conversation holds; the judge reads the answer. */
    private StubReply reply(RecordedRequest request) {
        String model = request.model();
        if (model.equals("plain-answerer")) {
            return StubReply.text(PLAIN_ANSWER);
        }
        if (model.equals("judge-agentic")) {
            return agenticJudge(request);
        }
        if (model.equals("agent-files")) {
            return request.json().get("messages").findValues("tool_call_id").isEmpty()
                    ? StubReply.toolCall("write_file", Json.write(Map.of("path", "findings/brca1.md", "content", FINDING)))
                    : StubReply.text(FILES_ANSWER);
        }
        if (model.equals("judge-files")) {
            return filesJudge(request);
        }
        if (model.startsWith("agent-")) {
            String question = request.contentsOf("user").get(0);
            int toolResults = request.json().get("messages").findValues("tool_call_id").size();
            if (question.contains(Q_BRCA) && !question.contains("broken")) {
                return switch (toolResults) {
                    case 0 -> StubReply.toolCall("lookup", "{\"key\":\"BRCA1\"}");
                    case 1 -> StubReply.toolCall("add", "{\"a\":10,\"b\":7}");
                    default -> StubReply.text(ANSWER);
                };
            }
            if (question.contains(Q_BROKEN)) {
                if (model.equals("agent-http") && toolResults == 1) {
                    // after the MCP tool failed, the declared http tool
                    return StubReply.toolCall("gene_locus", "{\"symbol\":\"BRCA1\"}");
                }
                return toolResults == 0 ? StubReply.toolCall("broken", "{}") : StubReply.text(GAVE_UP);
            }
            return StubReply.toolCall("lookup", "{\"key\":\"TP53\"}");
        }
        return StubReply.text(request.allContent().contains(ANSWER) ? "{\"chromosome\":17}" : "{\"chromosome\":0}");
    }

    /**
     * The agentic judge, told apart by its task texts: an investigation asks for a tool, then
     * reports; an extraction gives the value only when it was handed the report.
     */
    private StubReply agenticJudge(RecordedRequest request) {
        String content = request.allContent();
        int toolResults = request.json().get("messages").findValues("tool_call_id").size();
        if (content.contains("You investigate the answer a model gave")) {
            return toolResults == 0 ? StubReply.toolCall("lookup", "{\"key\":\"BRCA1\"}") : StubReply.text(PARSING_REPORT);
        }
        if (content.contains("You evaluate one quality")) {
            return toolResults == 0 ? StubReply.toolCall("gene_locus", "{\"symbol\":\"BRCA1\"}") : StubReply.text(TRAIT_REPORT);
        }
        if (content.contains("an investigator's report on that answer")) {
            return StubReply.text(content.contains(PARSING_REPORT) ? "{\"chromosome\":17}" : "{\"chromosome\":0}");
        }
        if (content.contains("an investigator's conclusion")) {
            return StubReply.text(content.contains(TRAIT_REPORT)
                    ? "{\"reasoning\":\"The gene service's locus matches.\",\"verdict\":true}"
                    : "{\"reasoning\":\"No report.\",\"verdict\":false}");
        }
        return StubReply.text("{}");
    }

    /** The workspace's judge: lists the files, reads the agent's, reports what it says only when the file's text came back. */
    private StubReply filesJudge(RecordedRequest request) {
        String content = request.allContent();
        int toolResults = request.json().get("messages").findValues("tool_call_id").size();
        if (content.contains("You investigate the answer a model gave")) {
            return switch (toolResults) {
                case 0 -> StubReply.toolCall("list_files", "{}");
                case 1 -> StubReply.toolCall("read_file", "{\"path\":\"findings/brca1.md\"}");
                default -> StubReply.text(content.contains(FINDING) ? FILES_REPORT : "No finding in the workspace.");
            };
        }
        // the agentic trait's judge reads the same file in the rubric service
        if (content.contains("You evaluate one quality")) {
            return toolResults == 0 ? StubReply.toolCall("read_file", "{\"path\":\"findings/brca1.md\"}")
                    : StubReply.text(content.contains(FINDING) ? FILES_TRAIT_REPORT : "No notes.");
        }
        if (content.contains("an investigator's conclusion")) {
            return StubReply.text(content.contains(FILES_TRAIT_REPORT)
                    ? "{\"reasoning\":\"The notes locate it.\",\"verdict\":true}"
                    : "{\"reasoning\":\"No notes read.\",\"verdict\":false}");
        }
        return StubReply.text(content.contains(FILES_REPORT) ? "{\"chromosome\":17}" : "{\"chromosome\":0}");
    }

    private String workspaceRunRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: workspace
                  questions:
                    - id: files
                      question: "%s"
                      template: {fields: {chromosome: {type: integer, description: the chromosome, ground_truth: 17}}}
                      rubric:
                        traits:
                          - name: located
                            kind: agentic
                            description: The agent located the gene precisely
                            agent:
                              max_turns: 3
                              http_tools:
                                - {name: gene_locus, description: Where a gene lies, input_schema: {type: object}, url: "%s"}
                config:
                  name: workspace
                  answering_models:
                    - interface: openai
                      model: agent-files
                      base_url: "%s"
                      api_key_env: %s
                      agent: {max_turns: 3, workspace: {enabled: true, max_bytes: 4096}}
                  judges:
                    - {interface: openai, model: judge-files, base_url: "%s", api_key_env: %s}
                  agentic_parsing:
                    enabled: true
                    judge_context: trace_and_workspace
                    agent: {max_turns: 4}
                """.formatted(Q_FILES, "http://127.0.0.1:" + geneService.getAddress().getPort() + "/trait-locus",
                stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV);
        return Json.write(Json.yaml().readTree(yaml));
    }

    @Test
    void theAgentsWorkspaceTravelsInTheAnswerAndTheJudgeReadsItsFiles() {
        assertThat(withFiles.get("status").asText()).as(String.valueOf(withFiles.get("failure"))).isEqualTo("passed");
        // the response names no chromosome: the 17 came from the file, through the judge's read
        assertThat(withFiles.get("response").asText()).isEqualTo(FILES_ANSWER);
        assertThat(withFiles.get("parsed").get("chromosome").asInt()).isEqualTo(17);
        JsonNode workspace = withFiles.get("agent").get("workspace");
        assertThat(workspace.get("files")).hasSize(1);
        assertThat(workspace.get("files").get(0).get("path").asText()).isEqualTo("findings/brca1.md");
        assertThat(workspace.get("files").get(0).get("content").asText()).isEqualTo(FINDING);
        assertThat(workspace.get("max_bytes").asLong()).isEqualTo(4096);
        assertThat(workspace.get("limit_reached").asBoolean()).isFalse();
        JsonNode investigation = withFiles.get("investigation");
        assertThat(investigation.get("workspace_files_read")).extracting(JsonNode::asText).containsExactly("findings/brca1.md");
        // the answering agent was offered the workspace's tools, the judge the read-only pair, and the
        // judge's last investigation turn held the file's text as a tool result
        RecordedRequest agentFirst = stack.stub().requests().stream().filter(r -> "agent-files".equals(r.model())).findFirst().orElseThrow();
        assertThat(agentFirst.json().get("tools").findValuesAsText("name")).containsExactly("list_files", "read_file", "write_file");
        List<RecordedRequest> judged = stack.stub().requests().stream().filter(r -> "judge-files".equals(r.model())).toList();
        assertThat(judged.get(0).json().get("tools").findValuesAsText("name")).containsExactly("list_files", "read_file");
        assertThat(judged.get(0).allContent()).contains("<workspace>", "findings/brca1.md", "--- AI Message ---");
        assertThat(judged.get(2).contentsOf("tool")).contains(FINDING);
        // the agentic trait's judge, in the rubric service, was offered the read-only pair before its own
        // tool, read the file, and passed the trait only because the file's text came back
        JsonNode trait = withFiles.get("rubric").get(0);
        assertThat(trait.get("passed").asBoolean()).as(trait.toString()).isTrue();
        assertThat(trait.get("investigation").get("workspace_files_read")).extracting(JsonNode::asText)
                .containsExactly("findings/brca1.md");
        RecordedRequest traitFirst = judged.stream().filter(r -> r.allContent().contains("You evaluate one quality")).findFirst().orElseThrow();
        assertThat(traitFirst.json().get("tools").findValuesAsText("name")).containsExactly("list_files", "read_file", "gene_locus");
        assertThat(traitFirst.allContent()).contains("<workspace>", "findings/brca1.md");
    }

    private String agenticRunRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: agentic-evaluation
                  questions:
                    - id: agentic
                      question: "%s"
                      template: {fields: {chromosome: {type: integer, description: the chromosome, ground_truth: 17}}}
                      rubric:
                        traits:
                          - name: locus_checked
                            kind: agentic
                            description: The locus given matches the gene service's record
                            agent:
                              max_turns: 3
                              http_tools:
                                - name: gene_locus
                                  description: Where a gene lies
                                  input_schema: {type: object, properties: {symbol: {type: string}}}
                                  url: "%s"
                                  headers: {X-Api-Key: "${%s}"}
                config:
                  name: agentic-evaluation
                  answering_models:
                    - {interface: openai, model: plain-answerer, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-agentic, base_url: "%s", api_key_env: %s}
                  agentic_parsing:
                    enabled: true
                    agent:
                      max_turns: 3
                      tools: [lookup]
                      mcp_servers:
                        - {name: facts-http, transport: http, url: "%s", headers: {Authorization: "Bearer ${%s}"}}
                """.formatted(Q_AGENTIC, "http://127.0.0.1:" + geneService.getAddress().getPort() + "/trait-locus", TOKEN_ENV,
                stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV, http.url(), TOKEN_ENV);
        return Json.write(Json.yaml().readTree(yaml));
    }

    private static List<String> tasksOf(JsonNode result, String stage) {
        List<String> tasks = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.get("stage").asText().equals(stage)) {
                tasks.add(call.get("task").asText());
            }
        });
        return tasks;
    }

    @Test
    void anAgenticJudgeInvestigatesWithTheMcpToolsThenTheExtractionFillsTheTemplate() {
        assertThat(agentic.get("status").asText()).as(String.valueOf(agentic.get("failure"))).isEqualTo("passed");
        // the extraction was handed the investigation's report: the stub gives 17 only then
        assertThat(agentic.get("parsed").get("chromosome").asInt()).isEqualTo(17);
        JsonNode investigation = agentic.get("investigation");
        assertThat(investigation.get("turns").asInt()).isEqualTo(2);
        assertThat(investigation.get("raw_trace").asText()).contains("--- Tool Message", TestMcpServer.FACTS.get("BRCA1"));
        assertThat(tasksOf(agentic, "parsing")).containsExactly("agentic_parsing_investigation", "agentic_parsing_investigation",
                "agentic_parsing_extraction");
        // the investigation was offered the MCP server's tools its filter names, the extraction none
        List<RecordedRequest> judged = stack.stub().requests().stream().filter(r -> "judge-agentic".equals(r.model())).toList();
        assertThat(judged.get(0).json().get("tools").findValuesAsText("name")).containsExactly("lookup");
        assertThat(judged).filteredOn(r -> r.allContent().contains("an investigator's report on that answer"))
                .singleElement().satisfies(r -> assertThat(r.json().has("tools")).isFalse());
    }

    @Test
    void anAgenticTraitIsScoredByAnInvestigationWithItsHttpTool() {
        JsonNode trait = agentic.get("rubric").get(0);
        assertThat(trait.get("name").asText()).isEqualTo("locus_checked");
        assertThat(trait.get("kind").asText()).isEqualTo("agentic");
        assertThat(trait.get("passed").asBoolean()).as(trait.toString()).isTrue();
        assertThat(trait.get("investigation").get("turns").asInt()).isEqualTo(2);
        assertThat(trait.get("investigation").get("raw_trace").asText()).contains(TRAIT_LOCUS);
        assertThat(tasksOf(agentic, "rubric")).containsExactly("rubric_agentic_trait_investigation",
                "rubric_agentic_trait_investigation", "rubric_agentic_trait_extraction");
        // the rubric service resolved the tool's ${VAR} header from its own environment; the value is in no result
        assertThat(traitToolKeys).containsExactly(TOKEN);
        assertThat(Json.write(agentic)).doesNotContain(TOKEN).doesNotContain(PipelineStack.KEY_VALUE);
    }

    private String runRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        List<String> command = TestMcpServer.stdioCommand();
        String yaml = """
                benchmark:
                  name: agents
                  questions:
                    - {id: brca, question: "%s", template: {fields: {chromosome: {type: integer, description: the chromosome, ground_truth: 17}}}}
                    - {id: broken, question: "%s", template: {fields: {chromosome: {type: integer, description: the chromosome, ground_truth: 17}}}}
                    - {id: loop, question: "%s", template: {fields: {chromosome: {type: integer, description: the chromosome, ground_truth: 17}}}}
                config:
                  name: agents
                  answering_models:
                    - interface: openai
                      model: agent-stdio
                      base_url: "%s"
                      api_key_env: %s
                      agent:
                        max_turns: 3
                        mcp_servers:
                          - {name: facts, transport: stdio, command: "%s", args: %s}
                    - interface: openai
                      model: agent-http
                      base_url: "%s"
                      api_key_env: %s
                      agent:
                        max_turns: 3
                        tools: [lookup, add, broken, gene_locus]
                        mcp_servers:
                          - {name: facts-http, transport: http, url: "%s", headers: {Authorization: "Bearer ${%s}"}}
                        http_tools:
                          - name: gene_locus
                            description: Where a gene lies
                            input_schema: {type: object, properties: {symbol: {type: string}}}
                            url: "%s"
                            headers: {X-Api-Key: "${%s}"}
                    - interface: openai
                      model: agent-ghost
                      base_url: "%s"
                      api_key_env: %s
                      agent:
                        mcp_servers:
                          - {name: ghost, transport: stdio, command: /nonexistent/assay-mcp-server}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                """.formatted(Q_BRCA, Q_BROKEN, Q_LOOP,
                stub, PipelineStack.KEY_ENV, command.get(0), Json.write(command.subList(1, command.size())),
                stub, PipelineStack.KEY_ENV, http.url(), TOKEN_ENV,
                "http://127.0.0.1:" + geneService.getAddress().getPort() + "/locus", TOKEN_ENV,
                stub, PipelineStack.KEY_ENV,
                stub, PipelineStack.KEY_ENV);
        return Json.write(Json.yaml().readTree(yaml));
    }

    private JsonNode result(String model, String question) {
        return results.stream()
                .filter(r -> r.get("answering_model").asText().equals("openai:" + model) && r.get("question_id").asText().equals(question))
                .findFirst().orElseThrow(() -> new AssertionError("no result for " + model + " on " + question + " in " + results));
    }

    @Test
    void aQuestionIsAnsweredAfterTwoToolCallsOverStdioAndHttp() {
        for (String model : List.of("agent-stdio", "agent-http")) {
            JsonNode result = result(model, "brca");
            assertThat(result.get("status").asText()).as(model + ": " + result.get("failure")).isEqualTo("passed");
            assertThat(result.get("response").asText()).isEqualTo(ANSWER);
            JsonNode agent = result.get("agent");
            assertThat(agent.get("turns").asInt()).isEqualTo(3);
            assertThat(agent.get("limit_reached").asBoolean()).isFalse();
            String trace = Json.write(agent.get("trace_messages"));
            assertThat(trace).contains(Json.write(TestMcpServer.FACTS.get("BRCA1"))).contains("\"content\":\"17\"");
            assertThat(agent.get("raw_trace").asText()).contains("--- Tool Message (call_id: ", "lookup (call_id: ");
            // every turn is a recorded call of the generation stage
            assertThat(result.get("calls")).filteredOn(call -> call.get("stage").asText().equals("generation")).hasSize(3);
        }
        // the model was offered the MCP server's tools as OpenAI functions
        RecordedRequest first = stack.stub().requests().stream().filter(r -> "agent-stdio".equals(r.model())).findFirst().orElseThrow();
        assertThat(first.json().get("tools").findValuesAsText("name")).contains("lookup", "add", "broken");
    }

    @Test
    void aToolThatFailsIsReturnedToTheModelAsAnError() {
        JsonNode result = result("agent-http", "broken");
        assertThat(result.get("response").asText()).isEqualTo(GAVE_UP);
        JsonNode toolResult = result.get("agent").get("trace_messages").get(2).get("content").get(0);
        assertThat(toolResult.get("is_error").asBoolean()).isTrue();
        assertThat(toolResult.get("content").asText()).isEqualTo(TestMcpServer.BROKEN_MESSAGE);
        assertThat(result.get("status").asText()).isEqualTo("failed");
    }

    @Test
    void aDeclaredHttpToolIsCalledWithItsSecretHeaderNextToTheMcpTools() {
        JsonNode result = result("agent-http", "broken");
        JsonNode locus = result.get("agent").get("trace_messages").get(4).get("content").get(0);
        assertThat(locus.get("type").asText()).isEqualTo("tool_result");
        assertThat(locus.get("content").asText()).isEqualTo(LOCUS);
        assertThat(locus.get("is_error").asBoolean()).isFalse();
        // the service resolved the header's ${VAR} from its own environment
        assertThat(geneServiceKeys).containsExactly(TOKEN);
        RecordedRequest first = stack.stub().requests().stream().filter(r -> "agent-http".equals(r.model())).findFirst().orElseThrow();
        // the MCP server's tools first, the declared tools after them, the filter choosing among both
        assertThat(first.json().get("tools").findValuesAsText("name")).containsExactlyInAnyOrder("lookup", "add", "broken", "gene_locus")
                .last().isEqualTo("gene_locus");
    }

    @Test
    void theTurnLimitAutoFailsInTheParsingStage() {
        JsonNode result = result("agent-stdio", "loop");
        assertThat(result.get("status").asText()).isEqualTo("error");
        assertThat(result.get("failure").get("category").asText()).as(result.get("failure").toString()).isEqualTo("autofail");
        assertThat(result.get("failure").get("stage").asText()).isEqualTo("parsing");
        assertThat(result.get("failure").get("reason").asText()).contains("turn limit (3 turns");
        assertThat(result.get("agent").get("limit_reached").asBoolean()).isTrue();
        // no judge was paid to read a cut-off run
        assertThat(result.get("calls")).noneMatch(call -> call.get("stage").asText().equals("parsing"));
    }

    @Test
    void anMcpServerThatWillNotStartFailsItsJobsAndTheRunGoesOn() {
        for (String question : List.of("brca", "broken", "loop")) {
            JsonNode result = result("agent-ghost", question);
            assertThat(result.get("status").asText()).isEqualTo("error");
            assertThat(result.get("failure").get("stage").asText()).isEqualTo("generation");
            assertThat(result.get("failure").get("reason").asText())
                    .contains("mcp server \"ghost\" (stdio: /nonexistent/assay-mcp-server) did not start");
        }
        assertThat(results).hasSize(9);
    }

    @Test
    void theMcpTokenNeverAppearsInAResult() {
        assertThat(results).allSatisfy(result -> assertThat(Json.write(result)).doesNotContain(TOKEN));
    }
}
