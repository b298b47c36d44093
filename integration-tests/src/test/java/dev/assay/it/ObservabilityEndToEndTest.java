package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.it.OtlpTraceReceiver.Kind;
import dev.assay.it.OtlpTraceReceiver.Span;
import dev.assay.testsupport.Eventually;
import dev.assay.localstack.ServiceProcess;
import dev.assay.localstack.stub.StubReply;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.assay.it.ScriptedModels.GENERATION_INPUT_TOKENS;
import static dev.assay.it.ScriptedModels.GENERATION_OUTPUT_TOKENS;
import static dev.assay.it.ScriptedModels.Q_FRANCE;
import static dev.assay.it.ScriptedModels.Q_GOLD;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 9.4's acceptance test: a small run through the three packaged services (prod profile, JSON
 * logs, traces exported over OTLP/HTTP to a receiver in this JVM), then each service's
 * {@code /q/metrics} is scraped and the spans of one job are followed across the Kafka hops.
 *
 * <p>Two questions × two answering models × one judge: four jobs, four results. model-b fails on
 * gold with HTTP 500 every time (three attempts), so generation has one failed output and the
 * store one result carrying a failure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ObservabilityEndToEndTest {

    private static final String JUDGE_INPUT = "40";

    private OtlpTraceReceiver collector;
    private PipelineStack stack;
    private String runId;
    /** The job followed through the traces and logs: France answered by model-a. */
    private String jobId;
    private final Map<String, PrometheusScrape> metrics = new HashMap<>();

    @BeforeAll
    void runOnce() throws Exception {
        collector = OtlpTraceReceiver.start();
        stack = PipelineStack.start(Map.of(
                "ASSAY_TRACING_DISABLED", "false",
                "ASSAY_OTLP_ENDPOINT", collector.endpoint(),
                "ASSAY_OTLP_PROTOCOL", "http/protobuf",
                // export finished spans at once instead of every 5 s
                "QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "100ms",
                "ASSAY_LOG_JSON", "true",
                // a line per record ("record … done") at DEBUG, so every stage logs inside a record's context
                "QUARKUS_LOG_CATEGORY__DEV_ASSAY__LEVEL", "DEBUG"));
        stack.stub().fallback(StubReply.computed(ScriptedModels::reply));
        RestAssured.baseURI = stack.apiUrl();

        JsonNode submission = RunApi.submit(runRequest());
        runId = submission.get("run_id").asText();
        assertThat(submission.get("jobs").asInt()).isEqualTo(4);
        JsonNode run = RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
        assertThat(run.get("counts").get("done").asInt()).isEqualTo(4);

        for (JsonNode result : RunApi.results(runId).get("results")) {
            if (result.get("question").asText().equals(Q_FRANCE) && result.get("answering_model").asText().equals("openai:model-a")) {
                jobId = result.get("job_id").asText();
            }
        }
        assertThat(jobId).isNotNull();

        // the store counts a result once its row is committed, which may be just after the API shows it
        Eventually.await(Duration.ofSeconds(20), this::scrapeAll,
                scrapes -> scrapes.get("generation-service").sum("assay_stage_records_out_total", "stage", "store") == 4,
                "the store to count its four results");
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
        if (collector != null) {
            collector.close();
        }
    }

    private Map<String, PrometheusScrape> scrapeAll() {
        try {
            for (ServiceProcess service : stack.services()) {
                metrics.put(service.name(), PrometheusScrape.of(service.name(), service.baseUrl()));
            }
            return metrics;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyStageCountsItsRecordsInAndOut() {
        PrometheusScrape generation = metrics.get("generation-service");
        assertThat(generation.sum("assay_stage_records_in_total", "stage", "generation")).isEqualTo(4);
        assertThat(generation.sum("assay_stage_records_out_total", "stage", "generation", "outcome", "ok")).isEqualTo(3);
        assertThat(generation.sum("assay_stage_records_out_total", "stage", "generation", "outcome", "failed")).isEqualTo(1);
        assertThat(generation.sum("assay_stage_records_in_total", "stage", "store")).isEqualTo(4);
        assertThat(generation.sum("assay_stage_records_out_total", "stage", "store", "outcome", "ok")).isEqualTo(3);
        assertThat(generation.sum("assay_stage_records_out_total", "stage", "store", "outcome", "failed")).isEqualTo(1);

        PrometheusScrape parsing = metrics.get("parsing-service");
        assertThat(parsing.sum("assay_stage_records_in_total", "stage", "parsing")).isEqualTo(4);
        assertThat(parsing.sum("assay_stage_records_out_total", "stage", "parsing", "outcome", "ok")).isEqualTo(4);

        PrometheusScrape rubric = metrics.get("rubric-service");
        assertThat(rubric.sum("assay_stage_records_in_total", "stage", "rubric")).isEqualTo(4);
        assertThat(rubric.sum("assay_stage_records_out_total", "stage", "rubric", "outcome", "ok")).isEqualTo(4);

        for (PrometheusScrape scrape : metrics.values()) {
            assertThat(scrape.find("assay_stage_records_out_total", "outcome", "dlq")).as(scrape.service()).isEmpty();
            assertThat(scrape.find("assay_stage_records_in_flight")).as(scrape.service()).isNotEmpty()
                    .allSatisfy(sample -> assertThat(sample.value()).isZero());
        }
    }

    @Test
    void processingLatencyIsAHistogramWithACountPerRecord() {
        Map<String, String> stageOfService = Map.of("generation-service", "generation", "parsing-service", "parsing",
                "rubric-service", "rubric");
        stageOfService.forEach((service, stage) -> {
            PrometheusScrape scrape = metrics.get(service);
            assertThat(scrape.sum("assay_stage_processing_seconds_count", "stage", stage)).as(stage).isEqualTo(4);
            assertThat(scrape.sum("assay_stage_processing_seconds_sum", "stage", stage)).as(stage).isPositive();
            assertThat(scrape.sum("assay_stage_processing_seconds_bucket", "stage", stage, "le", "+Inf")).as(stage).isEqualTo(4);
            assertThat(scrape.find("assay_stage_processing_seconds_bucket", "stage", stage).stream()
                    .map(sample -> sample.labels().get("le")).distinct()).as(stage).contains("0.05", "1.0", "600.0", "+Inf");
        });
    }

    @Test
    void modelCallsAreCountedByModelAndOutcomeAsTheStubServedThem() {
        PrometheusScrape generation = metrics.get("generation-service");
        assertThat(generation.sum("assay_llm_calls_total", "model", "openai:model-a", "outcome", "success")).isEqualTo(2);
        assertThat(generation.sum("assay_llm_calls_total", "model", "openai:model-b", "outcome", "success")).isEqualTo(1);
        // gold on model-b: HTTP 500 three times — two attempts retried, the third ends the call (category retry)
        assertThat(generation.sum("assay_llm_calls_total", "model", "openai:model-b", "outcome", "retried", "error", "execution"))
                .isEqualTo(2);
        assertThat(generation.sum("assay_llm_calls_total", "model", "openai:model-b", "outcome", "retry", "error", "execution"))
                .isEqualTo(1);
        // judge: abstention check and parsing for the three answers, then the France rubric trait twice
        PrometheusScrape parsing = metrics.get("parsing-service");
        PrometheusScrape rubric = metrics.get("rubric-service");
        assertThat(parsing.sum("assay_llm_calls_total", "model", "openai:judge-1", "stage", "parsing", "outcome", "success")).isEqualTo(6);
        assertThat(rubric.sum("assay_llm_calls_total", "model", "openai:judge-1", "stage", "rubric", "outcome", "success")).isEqualTo(2);

        for (String model : List.of("model-a", "model-b", "judge-1")) {
            double counted = metrics.values().stream().mapToDouble(s -> s.sum("assay_llm_calls_total", "model", "openai:" + model)).sum();
            long served = stack.stub().requests().stream().filter(r -> model.equals(r.model())).count();
            assertThat(counted).as("calls to %s counted vs requests the stub served", model).isEqualTo(served);
        }
        for (PrometheusScrape scrape : metrics.values()) {
            assertThat(scrape.find("assay_llm_calls_in_flight")).as(scrape.service()).isNotEmpty()
                    .allSatisfy(sample -> assertThat(sample.value()).isZero());
            assertThat(scrape.sum("assay_llm_call_seconds_count")).as(scrape.service())
                    .isEqualTo(scrape.sum("assay_llm_calls_total"));
        }
    }

    @Test
    void tokensAreCountedByModelAndDirection() {
        PrometheusScrape generation = metrics.get("generation-service");
        assertThat(generation.sum("assay_llm_tokens_total", "model", "openai:model-a", "direction", "input"))
                .isEqualTo(2 * GENERATION_INPUT_TOKENS);
        assertThat(generation.sum("assay_llm_tokens_total", "model", "openai:model-a", "direction", "output"))
                .isEqualTo(2 * GENERATION_OUTPUT_TOKENS);
        assertThat(generation.sum("assay_llm_tokens_total", "model", "openai:model-b", "direction", "input"))
                .isEqualTo(GENERATION_INPUT_TOKENS); // failed attempts report no usage
        assertThat(metrics.get("parsing-service").sum("assay_llm_tokens_total", "model", "openai:judge-1", "direction", "input"))
                .isEqualTo(6 * 40);
        assertThat(metrics.get("parsing-service").sum("assay_llm_tokens_total", "model", "openai:judge-1", "direction", "output"))
                .isEqualTo(6 * 8);
        assertThat(metrics.get("rubric-service").sum("assay_llm_tokens_total", "model", "openai:judge-1", "direction", "input"))
                .isEqualTo(2 * 40);
    }

    @Test
    void kafkaClientMetricsIncludeTheConsumerLag() throws Exception {
        Map<String, String> topicOfService = Map.of("generation-service", "assay.jobs", "parsing-service", "assay.answers",
                "rubric-service", "assay.parsed");
        for (ServiceProcess service : stack.services()) {
            String topic = topicOfService.get(service.name());
            // the consumer's largest lag over its partitions: there from the start
            assertThat(metrics.get(service.name()).find("kafka_consumer_fetch_manager_records_lag_max"))
                    .as(service.name() + ": " + metrics.get(service.name()).names()).isNotEmpty()
                    .allSatisfy(ObservabilityEndToEndTest::assertNoLag);
            // the lag per partition: Micrometer's Kafka binder picks up per-partition client metrics when it
            // next looks for new ones, once a minute
            List<PrometheusScrape.Sample> lag = Eventually.await(Duration.ofSeconds(90),
                    () -> scrape(service).find("kafka_consumer_fetch_manager_records_lag", "topic", topic),
                    samples -> !samples.isEmpty(), service.name() + " to report the lag per partition of " + topic);
            assertThat(lag).extracting(sample -> sample.labels().get("partition")).containsExactlyInAnyOrderElementsOf(
                    java.util.stream.IntStream.range(0, PipelineStack.PARTITIONS).mapToObj(Integer::toString).toList());
            assertThat(lag).allSatisfy(ObservabilityEndToEndTest::assertNoLag);
        }
    }

    /**
     * No records waiting: 0, or NaN for a partition the consumer has not fetched from since it was
     * assigned (Kafka reports NaN until the first fetch response; seen on an idle partition under load).
     */
    private static void assertNoLag(PrometheusScrape.Sample sample) {
        assertThat(sample.value()).as(sample.toString()).satisfiesAnyOf(v -> assertThat(v).isZero(), v -> assertThat(v).isNaN());
    }

    private static PrometheusScrape scrape(ServiceProcess service) {
        try {
            return PrometheusScrape.of(service.name(), service.baseUrl());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void oneJobIsOneTraceAcrossTheThreeServicesLinkedThroughTheKafkaHeaders() {
        List<Span> trace = Eventually.await(Duration.ofSeconds(30), this::traceOfTheJob,
                spans -> spans.stream().anyMatch(s -> s.name().equals("store process")),
                "the spans of job " + jobId + " to reach the collector");
        assertThat(collector.errors()).isEmpty();
        String traceId = trace.get(0).traceId();
        assertThat(trace).allSatisfy(span -> assertThat(span.traceId()).isEqualTo(traceId));
        assertThat(trace.stream().map(Span::service).collect(Collectors.toSet()))
                .contains("generation-service", "parsing-service", "rubric-service");

        // the job's own root span, linked to the request that submitted the run
        Span root = single(trace, "generation-service", "job submitted");
        assertThat(root.parentSpanId()).isEmpty();
        assertThat(root.linkedSpanIds()).singleElement().satisfies(linked -> assertThat(collector.spans())
                .anySatisfy(span -> {
                    assertThat(span.spanId()).isEqualTo(linked);
                    assertThat(span.kind()).isEqualTo(Kind.SERVER);
                }));

        // each Kafka hop: the consumer's span is the child of the producer's span in the service before
        assertHop(trace, "generation-service", "generation-service", "assay.jobs");
        assertHop(trace, "generation-service", "parsing-service", "assay.answers");
        assertHop(trace, "parsing-service", "rubric-service", "assay.parsed");
        assertHop(trace, "rubric-service", "generation-service", "assay.results");

        // within a service: the record's span, under it the model calls
        for (String[] stage : new String[][]{{"generation-service", "generation"}, {"parsing-service", "parsing"},
                {"rubric-service", "rubric"}}) {
            Span process = single(trace, stage[0], stage[1] + " process");
            assertThat(process.attribute("assay.run_id")).isEqualTo(runId);
            assertThat(process.attribute("assay.outcome")).isEqualTo("ok");
            assertThat(trace).filteredOn(span -> span.service().equals(stage[0]) && span.name().startsWith("chat "))
                    .as(stage[0] + " model calls").isNotEmpty()
                    .allSatisfy(call -> {
                        assertThat(call.parentSpanId()).isEqualTo(process.spanId());
                        assertThat(call.attribute("assay.outcome")).isEqualTo("success");
                    });
        }
        assertThat(trace).filteredOn(span -> span.service().equals("parsing-service") && span.name().equals("chat judge-1"))
                .allSatisfy(call -> assertThat(call.attribute("gen_ai.usage.input_tokens")).isEqualTo(JUDGE_INPUT));
        // the openai adapter's HTTP request is a client span under its model call
        Span call = trace.stream().filter(span -> span.service().equals("generation-service") && span.name().equals("chat model-a"))
                .findFirst().orElseThrow();
        assertThat(trace).anySatisfy(http -> {
            assertThat(http.kind()).isEqualTo(Kind.CLIENT);
            assertThat(http.parentSpanId()).isEqualTo(call.spanId());
        });
    }

    @Test
    void everyServiceLogsJsonLinesCarryingTheRecordsRunAndJobIds() throws Exception {
        Set<String> traceIds = traceOfTheJob().stream().map(Span::traceId).collect(Collectors.toSet());
        for (ServiceProcess service : stack.services()) {
            List<JsonNode> lines = Files.readAllLines(service.log()).stream()
                    .filter(line -> line.startsWith("{"))
                    .map(line -> Json.read(line, JsonNode.class))
                    .toList();
            assertThat(lines).as(service.name() + " logs JSON").isNotEmpty();
            List<JsonNode> ofTheJob = lines.stream().filter(line -> jobId.equals(line.path("mdc").path("job_id").asText(null))).toList();
            assertThat(ofTheJob).as(service.name() + " lines logged while working on job " + jobId).isNotEmpty()
                    .allSatisfy(line -> {
                        assertThat(line.path("mdc").path("run_id").asText()).isEqualTo(runId);
                        assertThat(line.path("mdc").path("traceId").asText()).isIn(traceIds);
                        assertThat(line.path("level").asText()).isNotBlank();
                        assertThat(line.path("message").asText()).isNotBlank();
                    });
            assertThat(ofTheJob).anySatisfy(line -> assertThat(line.path("message").asText()).contains("done"));
        }
    }

    /** The spans of {@link #jobId}'s trace(s), found through the spans that carry its id. */
    private List<Span> traceOfTheJob() {
        List<Span> all = collector.spans();
        Set<String> traces = all.stream().filter(span -> jobId.equals(span.attribute("assay.job_id")))
                .map(Span::traceId).collect(Collectors.toSet());
        assertThat(traces).as("traces of job " + jobId).hasSizeLessThanOrEqualTo(1);
        return all.stream().filter(span -> traces.contains(span.traceId())).toList();
    }

    private static Span single(List<Span> trace, String service, String name) {
        List<Span> found = trace.stream().filter(span -> span.service().equals(service) && span.name().equals(name)).toList();
        assertThat(found).as(service + " \"" + name + "\" in " + trace).hasSize(1);
        return found.get(0);
    }

    private static void assertHop(List<Span> trace, String producer, String consumer, String topic) {
        List<Span> received = trace.stream()
                .filter(span -> span.service().equals(consumer) && span.kind() == Kind.CONSUMER && span.name().equals(topic + " receive"))
                .toList();
        assertThat(received).as("%s receiving %s in %s", consumer, topic, trace).isNotEmpty().allSatisfy(receive ->
                assertThat(trace).as("the parent of " + receive).anySatisfy(parent -> {
                    assertThat(parent.spanId()).isEqualTo(receive.parentSpanId());
                    assertThat(parent.service()).isEqualTo(producer);
                    assertThat(parent.kind()).isEqualTo(Kind.PRODUCER);
                    assertThat(parent.name()).isEqualTo(topic + " publish");
                }));
    }

    private String runRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: observability
                  questions:
                    - id: france
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the city named as the capital, ground_truth: Paris}
                      rubric:
                        traits:
                          - {name: concise, kind: boolean, description: "Is the answer a single sentence?"}
                    - id: gold
                      question: "%s"
                      template:
                        fields:
                          symbol: {type: string, description: the chemical symbol, ground_truth: Au}
                config:
                  name: observability run
                  answering_models:
                    - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s}
                    - {interface: openai, model: model-b, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                  abstention_check: true
                """.formatted(Q_FRANCE, Q_GOLD, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV);
        return Json.write(Json.yaml().readTree(yaml));
    }
}
