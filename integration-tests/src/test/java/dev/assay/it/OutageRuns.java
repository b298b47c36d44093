package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.ServiceProcess;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the outage tests share: their run, its check once the outage is over, a probe as Kubernetes makes it, a
 * wait to the outage's end.
 */
final class OutageRuns {

    /** What issue 37 promises: a run is complete this long after the outage's end at the latest. */
    static final Duration COMPLETES_WITHIN = Duration.ofMinutes(5);
    /** The readiness and liveness probes' timeoutSeconds in k8s/. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private OutageRuns() {
    }

    /**
     * Submits a run of {@code questions} template questions ("Question n: what is the capital of France?") to
     * model-a, judged by judge-1, both on the stack's stub; returns its run id.
     */
    static String submit(PipelineStack stack, String name, int questions) {
        String stub = stack.stub().baseUrl();
        StringBuilder items = new StringBuilder();
        IntStream.rangeClosed(1, questions).forEach(i -> items.append("""
                    - id: q%d
                      question: "Question %d: what is the capital of France?"
                      template:
                        fields:
                          city: {type: string, description: the capital city, ground_truth: Paris}
                """.formatted(i, i)));
        String yaml = """
                benchmark:
                  name: %s
                  questions:
                %s
                config:
                  name: %s
                  answering_models:
                    - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                """.formatted(name, items, name, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV);
        try {
            return RunApi.submit(Json.write(Json.yaml().readTree(yaml))).get("run_id").asText();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The run completes within {@link #COMPLETES_WITHIN} (of the outage's end: call it then), all {@code questions}
     * results passed, each stored once ({@link RunRecords#assertEachResultOnce}).
     */
    static void assertCompleteOnce(PipelineStack stack, String runId, int questions, boolean publishedOnce) {
        JsonNode run = RunApi.awaitCompleted(runId, COMPLETES_WITHIN, stack::logTails);
        assertThat(run.get("counts").get("done").asInt()).isEqualTo(questions);
        JsonNode results = RunApi.results(runId);
        assertThat(results.get("total").asInt()).isEqualTo(questions);
        for (JsonNode result : results.get("results")) {
            assertThat(result.get("status").asText()).as(result.toString()).isEqualTo("passed");
        }
        RunRecords.assertEachResultOnce(runId, questions, publishedOnce);
    }

    /**
     * The status of /q/health/{check} of a service as a Kubernetes probe sees it (k8s/: timeoutSeconds 3): 200 UP,
     * 503 DOWN, 0 no answer in time (a failed probe), -1 no connection.
     */
    static int health(ServiceProcess service, String check) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(service.baseUrl() + "/q/health/" + check))
                    .timeout(PROBE_TIMEOUT).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (HttpTimeoutException e) {
            return 0;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sleeps until {@code nanoTime} ({@link System#nanoTime()}): an outage lasts its set length, no less. */
    static void sleepUntil(long nanoTime) throws InterruptedException {
        long left = nanoTime - System.nanoTime();
        if (left > 0) {
            Thread.sleep(Duration.ofNanos(left));
        }
    }
}
