package dev.assay.generation.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunOutput;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agents in the generation stage as the pipeline runs it (docs/agents.md): jobs on the real broker,
 * the model's tool calls scripted by the stub LLM, http tools served on 127.0.0.1 — a declared
 * tool called with its secret header, a tool that fails, questions with prompt messages and
 * multi-run prompts answered by agents, a manual trace, and every agent turn held to the model's
 * {@code max_concurrency}.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
class AgentGenerationOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /** The value of TEST_LLM_KEY in the test profile, named by the tool's header: it must reach the tool and nothing else. */
    private static final String SECRET = "sk-test-stage-key-123";
    private static final JsonNode SCHEMA = Json.read(
            "{\"type\":\"object\",\"properties\":{\"symbol\":{\"type\":\"string\"}},\"required\":[\"symbol\"]}", JsonNode.class);

    private static HttpServer tools;
    private static final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeAll
    static void startTools() throws IOException {
        tools = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        tools.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        tools.createContext("/gene", exchange -> {
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            String symbol = Json.read(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8), JsonNode.class)
                    .path("symbol").asText();
            respond(exchange, 200, symbol + " lies on chromosome 17");
        });
        tools.createContext("/down", exchange -> respond(exchange, 500, "the gene database is down"));
        tools.start();
    }

    @AfterAll
    static void stopTools() {
        tools.stop(0);
    }

    @BeforeEach
    void reset() {
        stub.reset();
        authorizations.clear();
    }

    private static void respond(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + tools.getAddress().getPort() + path;
    }

    private ModelConfig agent(String name, int maxConcurrency) {
        HttpToolConfig gene = new HttpToolConfig("gene_lookup", "Where a gene lies", SCHEMA, url("/gene"),
                Map.of("Authorization", "Bearer ${TEST_LLM_KEY}"));
        HttpToolConfig down = new HttpToolConfig("gene_db", "The gene database", null, url("/down"), null);
        return ModelConfig.builder("openai", name).baseUrl(stub.baseUrl()).apiKeyEnv("TEST_LLM_KEY").temperature(0.0)
                .timeout(Duration.ofSeconds(20)).maxConcurrency(maxConcurrency)
                .agent(new AgentSettings(5, Duration.ofSeconds(60), null, null, List.of(gene, down))).build();
    }

    private static int toolResults(RecordedRequest request) {
        return request.json().get("messages").findValues("tool_call_id").size();
    }

    private static String lastRole(RecordedRequest request) {
        JsonNode messages = request.json().get("messages");
        return messages.get(messages.size() - 1).path("role").asText();
    }

    @Test
    void anAgentCallsADeclaredHttpToolWithItsSecretAndReadsAFailingOneAsAnError() {
        stub.when(any()).thenReply(StubReply.computed(request -> switch (toolResults(request)) {
            case 0 -> StubReply.toolCall("gene_lookup", "{\"symbol\":\"BRCA1\"}");
            case 1 -> StubReply.toolCall("gene_db", "{}");
            default -> StubReply.text("BRCA1 is on chromosome 17.");
        }));
        VerificationJob job = job(Question.builder().question("On which chromosome is BRCA1?").build(), agent("agent-http-tools", 2));

        GenerationOutcome generation = answer(job);

        assertThat(generation.failure()).isNull();
        assertThat(generation.response()).isEqualTo("BRCA1 is on chromosome 17.");
        AgentResult agent = generation.agent();
        assertThat(agent.turns()).isEqualTo(3);
        assertThat(agent.traceMessages()).extracting(Message::role)
                .containsExactly(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT);
        assertThat(toolResult(agent, 2).content()).isEqualTo("BRCA1 lies on chromosome 17");
        assertThat(toolResult(agent, 4)).satisfies(failed -> {
            assertThat(failed.isError()).isTrue();
            assertThat(failed.content()).contains("HTTP 500", "the gene database is down");
        });
        assertThat(authorizations).containsExactly("Bearer " + SECRET);
        // the tools went to the model as functions, the declared schema as their parameters
        JsonNode offered = stub.requests().get(0).json().get("tools");
        assertThat(offered.findValuesAsText("name")).containsExactly("gene_lookup", "gene_db");
        assertThat(offered.get(0).path("function").path("parameters")).isEqualTo(SCHEMA);
        assertThat(AgentTrace.problem(agent)).isEmpty();
        assertThat(Json.write(generation)).doesNotContain(SECRET);
    }

    @Test
    void eachTurnOfAPromptIsAnAgentRunThatSeesTheToolsOfTheTurnsBefore() {
        stub.when(any()).thenReply(StubReply.computed(request -> {
            String lastUser = request.lastUserMessage().orElse("");
            if (lastUser.contains("Only the number")) {
                return StubReply.text("17");
            }
            return toolResults(request) == 0 ? StubReply.toolCall("gene_lookup", "{\"symbol\":\"TP53\"}")
                    : StubReply.text("TP53 lies on chromosome 17.");
        }));
        Question question = Question.builder().prompt(List.of(PromptMessage.user("Where does TP53 lie?"), PromptMessage.toFill("where"),
                PromptMessage.user("Only the number, please."), PromptMessage.toFill("answer"))).build();
        VerificationJob job = job(question, agent("agent-prompted", 2));

        GenerationOutcome generation = answer(job);

        assertThat(generation.failure()).isNull();
        assertThat(generation.variables()).containsExactly(Map.entry("where", "TP53 lies on chromosome 17."), Map.entry("answer", "17"));
        assertThat(generation.response()).isEqualTo("17");
        // the second turn of the conversation was sent the first's tool call and its result
        RecordedRequest second = stub.requests().get(2);
        assertThat(second.json().get("messages").findValuesAsText("role")).containsExactly("user", "assistant", "tool", "assistant", "user");
        AgentResult agent = generation.agent();
        assertThat(agent.turns()).isEqualTo(3);
        assertThat(agent.traceMessages()).extracting(Message::role)
                .containsExactly(Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.USER, Role.ASSISTANT);
        assertThat(agent.finalResponse()).isEqualTo("17");
        assertThat(AgentTrace.problem(agent)).isEmpty();
    }

    @Test
    void eachRunOfAMultiRunPromptIsAnAgentRunOfItsOwn() {
        stub.when(any()).thenReply(StubReply.computed(request -> toolResults(request) == 0
                ? StubReply.toolCall("gene_lookup", "{\"symbol\":\"BRCA2\"}") : StubReply.text("chromosome 13")));
        Question question = Question.builder().question("BRCA2")
                .multiRunPrompt(List.of(new MultiRunItem("ask", 2, List.of(PromptMessage.user("Where does BRCA2 lie?"),
                        PromptMessage.toFill("answer")), null)))
                .build();
        VerificationJob job = job(question, agent("agent-multi-run", 2));

        GenerationOutcome generation = answer(job);

        assertThat(generation.failure()).isNull();
        assertThat(generation.outputs()).extracting(RunOutput::response).containsExactly("chromosome 13", "chromosome 13");
        AgentResult agent = generation.agent();
        assertThat(agent.turns()).isEqualTo(4);
        // two conversations, one after the other, each starting from the question
        assertThat(agent.traceMessages()).extracting(Message::role).containsExactly(
                Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT);
        assertThat(stub.requestCount()).isEqualTo(4);
    }

    @Test
    void aManualTraceIsTheAnswerWithNoCallAndTheGuardsReadIt() {
        List<Message> trace = List.of(Message.user("Where is BRCA1?"),
                Message.assistant(List.of(new ToolUseBlock("c1", "lookup", Json.read("{\"key\":\"BRCA1\"}", JsonNode.class)))),
                Message.toolResult("c1", "17q21.31"),
                Message.assistant("Chromosome 17."));
        List<Message> cutOff = trace.subList(0, 2);
        Question question = Question.builder().question("Where is BRCA1?").build();
        ModelConfig manual = ModelConfig.of("manual", null);
        String runId = "run-" + UUID.randomUUID();
        VerificationJob answered = VerificationJob.createAnswered(runId, question, manual, List.of(ModelConfig.of("openai", "judge")), 1,
                settings(), ManualAnswer.ofTrace(trace), Instant.EPOCH);
        VerificationJob unanswered = VerificationJob.createAnswered(runId, question, manual, List.of(ModelConfig.of("openai", "judge")), 2,
                settings(), ManualAnswer.ofTrace(cutOff), Instant.EPOCH);

        TopicClient.publishAll(Topics.JOBS, List.of(Map.entry(answered.jobId(), Json.write(answered)),
                Map.entry(unanswered.jobId(), Json.write(unanswered))));
        List<AnsweredJob> answers = TopicClient.await(Topics.ANSWERS, r -> r.value().contains("\"run_id\":\"" + runId + "\""), 2, WAIT)
                .stream().map(record -> Json.read(record.value(), AnsweredJob.class)).toList();

        GenerationOutcome whole = answers.stream().filter(a -> a.job().replicate() == 1).findFirst().orElseThrow().generation();
        assertThat(whole.response()).isEqualTo("Chromosome 17.");
        assertThat(whole.calls()).isEmpty();
        assertThat(whole.agent().traceMessages()).isEqualTo(trace);
        assertThat(whole.agent().turns()).isEqualTo(2);
        assertThat(whole.agent().actualModel()).isEqualTo("manual");
        assertThat(AgentTrace.problem(whole.agent())).isEmpty();
        GenerationOutcome cut = answers.stream().filter(a -> a.job().replicate() == 2).findFirst().orElseThrow().generation();
        assertThat(AgentTrace.problem(cut.agent())).get().asString().contains("ends on a tool call (lookup)");
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void everyAgentTurnHoldsOneOfTheModelsConcurrencySlots() {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        stub.when(any()).thenReply(StubReply.computed(request -> {
            peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                // hold the call until a second one is in flight (or a while has passed): a third would show the limit broken
                for (int i = 0; i < 150 && inFlight.get() < 2; i++) {
                    Thread.sleep(20);
                }
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            return toolResults(request) == 0 ? StubReply.toolCall("gene_lookup", "{\"symbol\":\"BRCA1\"}") : StubReply.text("17");
        }));
        String runId = "run-" + UUID.randomUUID();
        ModelConfig model = agent("agent-limited", 2);
        List<VerificationJob> jobs = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            jobs.add(VerificationJob.create(runId, Question.builder().question("Where is gene " + i + "?").build(), model,
                    List.of(ModelConfig.of("openai", "judge")), 1, settings(), null, Instant.EPOCH));
        }

        TopicClient.publishAll(Topics.JOBS, jobs.stream().map(job -> Map.entry(job.jobId(), Json.write(job))).toList());
        List<ConsumerRecord<String, String>> answers = TopicClient.await(Topics.ANSWERS,
                r -> r.value().contains("\"run_id\":\"" + runId + "\""), jobs.size(), WAIT);

        assertThat(answers).hasSize(jobs.size());
        assertThat(answers).allSatisfy(record -> assertThat(Json.read(record.value(), AnsweredJob.class).generation().response())
                .isEqualTo("17"));
        assertThat(stub.requestCount()).isEqualTo(12);
        // six agents of two turns each, run at once: never more than the model's max_concurrency (2) calls in flight
        assertThat(peak.get()).isEqualTo(2);
    }

    private static JobSettings settings() {
        return new JobSettings(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.EMPTY);
    }

    private static VerificationJob job(Question question, ModelConfig model) {
        return VerificationJob.create("run-" + UUID.randomUUID(), question, model, List.of(ModelConfig.of("openai", "judge")), 1,
                settings(), null, Instant.EPOCH);
    }

    private static GenerationOutcome answer(VerificationJob job) {
        TopicClient.publish(Topics.JOBS, job.jobId(), Json.write(job));
        ConsumerRecord<String, String> record = TopicClient.await(Topics.ANSWERS,
                r -> r.value().contains("\"run_id\":\"" + job.runId() + "\""), 1, WAIT).get(0);
        return Json.read(record.value(), AnsweredJob.class).generation();
    }

    private static ToolResultBlock toolResult(AgentResult agent, int index) {
        return (ToolResultBlock) agent.traceMessages().get(index).content().get(0);
    }
}
