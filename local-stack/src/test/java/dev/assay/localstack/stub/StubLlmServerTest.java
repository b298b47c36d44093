package dev.assay.localstack.stub;

import static dev.assay.localstack.stub.RequestMatcher.allOf;
import static dev.assay.localstack.stub.RequestMatcher.any;
import static dev.assay.localstack.stub.RequestMatcher.anyMessageContains;
import static dev.assay.localstack.stub.RequestMatcher.contentMatches;
import static dev.assay.localstack.stub.RequestMatcher.lastUserMessageContains;
import static dev.assay.localstack.stub.RequestMatcher.modelEquals;
import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

class StubLlmServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    private static StubLlmServer stub;
    private static HttpClient http;

    @BeforeAll
    static void startStub() {
        stub = StubLlmServer.start();
        http = HttpClient.newBuilder().connectTimeout(GENEROUS).build();
    }

    @AfterAll
    static void stopStub() {
        stub.close();
        http.close();
    }

    @BeforeEach
    void resetStub() {
        stub.reset();
    }

    @Nested
    class Replies {

        @Test
        void textReplyIsAnOpenAiChatCompletionEchoingTheModel() throws Exception {
            stub.when(any()).thenReply("The capital is Paris.");

            HttpResponse<String> response = post(chat("gpt-4o-mini", "system", "Be terse.", "user", "Capital of France?"));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
            JsonNode body = JSON.readTree(response.body());
            assertThat(body.path("id").asText()).isEqualTo("chatcmpl-stub-1");
            assertThat(body.path("object").asText()).isEqualTo("chat.completion");
            assertThat(body.path("created").asLong()).isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.data.Offset.offset(120L));
            assertThat(body.path("model").asText()).isEqualTo("gpt-4o-mini");
            JsonNode choice = body.path("choices").path(0);
            assertThat(choice.path("index").asInt()).isZero();
            assertThat(choice.path("message").path("role").asText()).isEqualTo("assistant");
            assertThat(choice.path("message").path("content").asText()).isEqualTo("The capital is Paris.");
            assertThat(choice.path("finish_reason").asText()).isEqualTo("stop");
            // "Be terse.\nCapital of France?" is 28 characters -> 7 tokens; the answer's 21 -> 6 tokens.
            assertThat(body.path("usage").path("prompt_tokens").asInt()).isEqualTo(7);
            assertThat(body.path("usage").path("completion_tokens").asInt()).isEqualTo(6);
            assertThat(body.path("usage").path("total_tokens").asInt()).isEqualTo(13);
        }

        @Test
        void configuredUsageAndFinishReasonAreReported() throws Exception {
            stub.when(any()).thenReply(StubReply.text("PASS").withUsage(1200, 3).withFinishReason("length"));

            JsonNode body = JSON.readTree(post(chat("m", "user", "grade this")).body());

            assertThat(body.path("usage").path("prompt_tokens").asInt()).isEqualTo(1200);
            assertThat(body.path("usage").path("completion_tokens").asInt()).isEqualTo(3);
            assertThat(body.path("usage").path("total_tokens").asInt()).isEqualTo(1203);
            assertThat(body.path("choices").path(0).path("finish_reason").asText()).isEqualTo("length");
        }

        @Test
        void pathWithoutV1IsServedToo() throws Exception {
            stub.when(any()).thenReply("ok");

            HttpResponse<String> response = post("/chat/completions", chat("m", "user", "hi"));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(content(response)).isEqualTo("ok");
        }

        @Test
        void computedReplyIsAFunctionOfTheRequest() throws Exception {
            stub.when(any()).thenReply(StubReply.computed(request ->
                    StubReply.text(request.lastUserMessage().orElseThrow().toUpperCase(Locale.ROOT))));

            assertThat(content(post(chat("m", "user", "shout this")))).isEqualTo("SHOUT THIS");
        }

        @Test
        void computedReplyThatThrowsAnswers500NamingTheException() throws Exception {
            stub.when(any()).thenReply(StubReply.computed(request -> {
                throw new IllegalStateException("test bug");
            }));

            HttpResponse<String> response = post(chat("m", "user", "x"));

            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).contains("test bug");
        }

        @Test
        void matcherThatThrowsAnswers500AndTheRequestIsStillRecorded() throws Exception {
            stub.when(RequestMatcher.describedAs("broken", request -> {
                throw new IllegalStateException("matcher bug");
            })).thenReply("never");

            HttpResponse<String> response = post(chat("m", "user", "x"));

            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).contains("matcher bug");
            assertThat(stub.requests()).hasSize(1);
        }

        @Test
        void toolCallReplyCarriesTheFunctionAndArguments() throws Exception {
            stub.when(any()).thenReply(StubReply.toolCall("lookup", "{\"id\":42}"));

            JsonNode choice = JSON.readTree(post(chat("m", "user", "find 42")).body()).path("choices").path(0);

            assertThat(choice.path("finish_reason").asText()).isEqualTo("tool_calls");
            assertThat(choice.path("message").path("content").isNull()).isTrue();
            JsonNode call = choice.path("message").path("tool_calls").path(0);
            assertThat(call.path("type").asText()).isEqualTo("function");
            assertThat(call.path("function").path("name").asText()).isEqualTo("lookup");
            assertThat(call.path("function").path("arguments").asText()).isEqualTo("{\"id\":42}");
        }

        @Test
        void streamingRequestGetsServerSentEventsEndingWithDone() throws Exception {
            stub.when(any()).thenReply(StubReply.text("streamed").withUsage(5, 2));
            ObjectNode request = chat("m", "user", "stream please");
            request.put("stream", true);
            request.putObject("stream_options").put("include_usage", true);

            HttpResponse<String> response = post(request);

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
            List<String> events = response.body().lines().filter(l -> l.startsWith("data: "))
                    .map(l -> l.substring("data: ".length())).toList();
            assertThat(events).hasSize(4).last().isEqualTo("[DONE]");
            assertThat(JSON.readTree(events.get(0)).path("choices").path(0).path("delta").path("content").asText())
                    .isEqualTo("streamed");
            assertThat(JSON.readTree(events.get(1)).path("choices").path(0).path("finish_reason").asText()).isEqualTo("stop");
            assertThat(JSON.readTree(events.get(2)).path("usage").path("total_tokens").asInt()).isEqualTo(7);
        }
    }

    @Nested
    class Matching {

        @Test
        void firstMatchingRuleWinsInTheOrderRulesWereAdded() throws Exception {
            stub.when(lastUserMessageContains("France")).thenReply("Paris");
            stub.when(lastUserMessageContains("capital")).thenReply("some capital");
            stub.when(any()).thenReply("anything");

            assertThat(content(post(chat("m", "user", "capital of France?")))).isEqualTo("Paris");
            assertThat(content(post(chat("m", "user", "capital of Peru?")))).isEqualTo("some capital");
            assertThat(content(post(chat("m", "user", "hello")))).isEqualTo("anything");
        }

        @Test
        void lastUserMessageIgnoresEarlierTurns() throws Exception {
            stub.when(lastUserMessageContains("France")).thenReply("Paris");
            stub.when(anyMessageContains("France")).thenReply("France was mentioned earlier");

            HttpResponse<String> response = post(chat("m",
                    "user", "Tell me about France.", "assistant", "It is in Europe.", "user", "And its capital?"));

            assertThat(content(response)).isEqualTo("France was mentioned earlier");
        }

        @Test
        void systemMessageModelAndRegexMatchers() throws Exception {
            stub.when(systemMessageContains("You are a grader")).thenReply("grader");
            stub.when(modelEquals("small-model")).thenReply("small");
            stub.when(contentMatches("answer:\\s*\\d+")).thenReply("numeric");

            assertThat(content(post(chat("big", "system", "You are a grader.", "user", "x")))).isEqualTo("grader");
            assertThat(content(post(chat("small-model", "user", "x")))).isEqualTo("small");
            assertThat(content(post(chat("big", "user", "question", "assistant", "answer:  42")))).isEqualTo("numeric");
        }

        @Test
        void composedMatchersNeedAllParts() throws Exception {
            stub.when(modelEquals("judge").and(lastUserMessageContains("rubric"))).thenReply("judged");
            stub.when(allOf(modelEquals("judge"), systemMessageContains("strict"))).thenReply("strict");
            stub.when(modelEquals("judge").negate().or(lastUserMessageContains("other"))).thenReply("not the judge");
            stub.fallback(StubReply.text("fallback"));

            assertThat(content(post(chat("judge", "user", "apply the rubric")))).isEqualTo("judged");
            assertThat(content(post(chat("judge", "system", "be strict", "user", "x")))).isEqualTo("strict");
            assertThat(content(post(chat("writer", "user", "apply the rubric")))).isEqualTo("not the judge");
            assertThat(content(post(chat("judge", "user", "x")))).isEqualTo("fallback");
        }

        @Test
        void multiPartContentIsMatchedByItsTextParts() throws Exception {
            stub.when(lastUserMessageContains("second part")).thenReply("parts");
            ObjectNode request = JSON.createObjectNode().put("model", "m");
            ArrayNode parts = request.putArray("messages").addObject().put("role", "user").putArray("content");
            parts.addObject().put("type", "text").put("text", "first part");
            parts.addObject().put("type", "text").put("text", "second part");

            assertThat(content(post(request))).isEqualTo("parts");
            assertThat(stub.lastRequest().messages()).containsExactly(new ChatMessage("user", "first part\nsecond part"));
        }

        @Test
        void timesLimitsARuleSoLaterRulesTakeOver() throws Exception {
            StubRule limited = stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).once();
            StubRule twice = stub.when(any()).thenReply("second").times(2);
            stub.when(any()).thenReply("rest");

            List<Integer> statuses = List.of(post(chat("m", "user", "a")).statusCode(),
                    post(chat("m", "user", "b")).statusCode());
            List<String> contents = List.of(content(post(chat("m", "user", "c"))), content(post(chat("m", "user", "d"))));

            assertThat(statuses).containsExactly(429, 200);
            assertThat(contents).containsExactly("second", "rest");
            assertThat(limited.hits()).isEqualTo(1);
            assertThat(limited.isExhausted()).isTrue();
            assertThat(twice.hits()).isEqualTo(2);
            assertThatThrownBy(() -> twice.times(0)).isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void unmatchedRequestWithoutFallbackIs400NamingTheLastUserMessage() throws Exception {
            stub.when(lastUserMessageContains("known")).thenReply("ok");

            HttpResponse<String> response = post(chat("m", "user", "an unexpected prompt"));

            assertThat(response.statusCode()).isEqualTo(400);
            JsonNode error = JSON.readTree(response.body()).path("error");
            assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
            assertThat(error.path("message").asText())
                    .contains("no rule matched")
                    .contains("\"an unexpected prompt\"")
                    .contains("last user message contains \"known\"");
        }

        @Test
        void fallbackAnswersUnmatchedRequestsUntilRemoved() throws Exception {
            stub.fallback(StubReply.text("default answer"));
            assertThat(content(post(chat("m", "user", "anything")))).isEqualTo("default answer");

            stub.noFallback();
            assertThat(post(chat("m", "user", "anything")).statusCode()).isEqualTo(400);
        }

        @Test
        void unknownPathIs404AndInvalidJsonIs400() throws Exception {
            stub.fallback(StubReply.text("never"));

            assertThat(post("/v1/moderations", chat("m", "user", "x")).statusCode()).isEqualTo(404);
            HttpResponse<String> invalid = send(HttpRequest.newBuilder(uri("/v1/chat/completions"))
                    .POST(HttpRequest.BodyPublishers.ofString("{not json")).build());
            assertThat(invalid.statusCode()).isEqualTo(400);
            assertThat(invalid.body()).contains("not valid JSON");
            assertThat(stub.requests()).extracting(RecordedRequest::path)
                    .containsExactly("/v1/moderations", "/v1/chat/completions");
        }
    }

    @Nested
    class Faults {

        @Test
        void rateLimitedIs429WithRetryAfterInWholeSeconds() throws Exception {
            stub.when(lastUserMessageContains("a")).thenReply(StubReply.rateLimited(Duration.ofSeconds(2)));
            stub.when(lastUserMessageContains("b")).thenReply(StubReply.rateLimited(Duration.ofMillis(1500)));

            HttpResponse<String> first = post(chat("m", "user", "a"));
            HttpResponse<String> second = post(chat("m", "user", "b"));

            assertThat(first.statusCode()).isEqualTo(429);
            assertThat(first.headers().firstValue("Retry-After")).hasValue("2");
            assertThat(JSON.readTree(first.body()).path("error").path("type").asText()).isEqualTo("rate_limit_exceeded");
            assertThat(second.headers().firstValue("Retry-After")).hasValue("2");
        }

        @Test
        void serverErrorIs500WithAnErrorBody() throws Exception {
            stub.when(any()).thenReply(StubReply.serverError());

            HttpResponse<String> response = post(chat("m", "user", "x"));

            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(JSON.readTree(response.body()).path("error").path("type").asText()).isEqualTo("server_error");
        }

        @Test
        void malformedJsonIs200WithABodyNoParserAccepts() throws Exception {
            stub.when(any()).thenReply(StubReply.malformedJson());

            HttpResponse<String> response = post(chat("m", "user", "x"));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThatThrownBy(() -> JSON.readTree(response.body())).isInstanceOf(JsonProcessingException.class);
        }

        @Test
        void latencyDelaysTheReplyByAtLeastTheConfiguredTime() throws Exception {
            Duration latency = Duration.ofMillis(400);
            stub.when(any()).thenReply(StubReply.text("slow").withLatency(latency));

            long start = System.nanoTime();
            HttpResponse<String> response = post(chat("m", "user", "x"));
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

            assertThat(content(response)).isEqualTo("slow");
            assertThat(elapsed).isGreaterThanOrEqualTo(latency);
        }

        @Test
        void hangOutlastsTheClientTimeoutWhileOtherRequestsAreStillServed() throws Exception {
            stub.when(lastUserMessageContains("hang")).thenReply(StubReply.hang());
            stub.when(any()).thenReply("fine");

            CompletableFuture<HttpResponse<String>> hanging = http.sendAsync(
                    request("/v1/chat/completions", chat("m", "user", "please hang")).timeout(Duration.ofSeconds(1)).build(),
                    HttpResponse.BodyHandlers.ofString());
            stub.awaitRequests(1, GENEROUS);

            HttpResponse<String> other = post(chat("m", "user", "are you there?"));

            assertThat(content(other)).isEqualTo("fine");
            assertThatThrownBy(() -> hanging.get(GENEROUS.toSeconds(), TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(HttpTimeoutException.class);
        }

        // Repeated: a request seen by awaitRequests must already have its reply decided, whatever the scheduling.
        @RepeatedTest(10)
        void resetReleasesHangingRequests() throws Exception {
            stub.when(any()).thenReply(StubReply.hang());
            // A fresh client: on a pooled connection the JDK client would silently retry the dropped request.
            try (HttpClient fresh = HttpClient.newHttpClient()) {
                CompletableFuture<HttpResponse<String>> hanging = fresh.sendAsync(
                        request("/v1/chat/completions", chat("m", "user", "x")).timeout(GENEROUS).build(),
                        HttpResponse.BodyHandlers.ofString());
                stub.awaitRequests(1, GENEROUS);

                stub.reset();

                // The connection is closed without an answer: an I/O error, well before the client's own timeout.
                assertThatThrownBy(() -> hanging.get(GENEROUS.toSeconds() / 2, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .cause().isInstanceOf(IOException.class).isNotInstanceOf(HttpTimeoutException.class);
            }
        }

        @Test
        void closeDoesNotWaitForHangingRequests() {
            try (StubLlmServer own = StubLlmServer.start()) {
                own.when(any()).thenReply(StubReply.hang());
                http.sendAsync(HttpRequest.newBuilder(URI.create(own.baseUrl() + "/chat/completions"))
                        .POST(HttpRequest.BodyPublishers.ofString(chat("m", "user", "x").toString())).build(),
                        HttpResponse.BodyHandlers.ofString());
                own.awaitRequests(1, GENEROUS);

                assertTimeoutPreemptively(Duration.ofSeconds(10), own::close);
            }
        }
    }

    @Nested
    class Recording {

        @Test
        void everyRequestIsRecordedInArrivalOrderWithItsParts() throws Exception {
            stub.fallback(StubReply.text("ok"));
            Instant before = Instant.now();

            send(request("/v1/chat/completions", chat("model-a", "system", "sys", "user", "first"))
                    .header("Authorization", "Bearer sk-secret-123")
                    .header("X-Trace", "t-1")
                    .build());
            post(chat("model-b", "user", "second"));

            List<RecordedRequest> requests = stub.requests();
            assertThat(requests).extracting(RecordedRequest::sequence).containsExactly(1, 2);
            assertThat(requests).extracting(RecordedRequest::model).containsExactly("model-a", "model-b");
            RecordedRequest first = requests.getFirst();
            assertThat(first.method()).isEqualTo("POST");
            assertThat(first.path()).isEqualTo("/v1/chat/completions");
            assertThat(first.receivedAt()).isAfterOrEqualTo(before.minusSeconds(1));
            assertThat(first.messages()).containsExactly(new ChatMessage("system", "sys"), new ChatMessage("user", "first"));
            assertThat(first.lastUserMessage()).hasValue("first");
            assertThat(first.systemMessage()).hasValue("sys");
            assertThat(JSON.readTree(first.body())).isEqualTo(first.json());
            assertThat(first.json().path("model").asText()).isEqualTo("model-a");
            assertThat(first.header("x-trace")).hasValue("t-1");
            assertThat(first.header("authorization")).hasValue("Bearer sk-secret-123");
            assertThat(first.redactedHeaders().get("Authorization")).containsExactly("Bearer <redacted>");
            assertThat(first.redactedHeaders().toString()).doesNotContain("sk-secret");
            assertThat(first.toString()).doesNotContain("sk-secret").contains("first");
            assertThat(stub.lastRequest().lastUserMessage()).hasValue("second");
        }

        @Test
        void requestsIsAnImmutableSnapshot() throws Exception {
            stub.fallback(StubReply.text("ok"));
            post(chat("m", "user", "one"));

            List<RecordedRequest> snapshot = stub.requests();
            post(chat("m", "user", "two"));

            assertThat(snapshot).hasSize(1);
            assertThat(stub.requestCount()).isEqualTo(2);
            assertThatThrownBy(() -> snapshot.add(snapshot.getFirst())).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> snapshot.getFirst().messages().clear()).isInstanceOf(UnsupportedOperationException.class);
        }

        @Test
        void awaitRequestsWaitsForRequestsStillInFlight() {
            stub.fallback(StubReply.text("ok"));
            List<CompletableFuture<HttpResponse<String>>> inFlight = List.of(1, 2, 3).stream()
                    .map(i -> http.sendAsync(request("/v1/chat/completions", chat("m", "user", "n" + i)).build(),
                            HttpResponse.BodyHandlers.ofString()))
                    .toList();

            List<RecordedRequest> arrived = stub.awaitRequests(3, GENEROUS);

            assertThat(arrived).hasSizeGreaterThanOrEqualTo(3);
            assertThat(arrived).extracting(r -> r.lastUserMessage().orElseThrow()).containsExactlyInAnyOrder("n1", "n2", "n3");
            inFlight.forEach(CompletableFuture::join);
        }

        @Test
        void awaitRequestsFailsWhenTooFewArrive() {
            assertThatThrownBy(() -> stub.awaitRequests(1, Duration.ofMillis(100)))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("Expected at least 1 request(s)")
                    .hasMessageContaining("got 0");
            assertThatThrownBy(() -> stub.lastRequest()).isInstanceOf(AssertionError.class);
        }

        @Test
        void resetForgetsRulesFallbackAndRequests() throws Exception {
            stub.when(any()).thenReply("ok");
            stub.fallback(StubReply.text("fallback"));
            post(chat("m", "user", "x"));

            stub.reset();

            assertThat(stub.requests()).isEmpty();
            assertThat(stub.rules()).isEmpty();
            assertThat(post(chat("m", "user", "x")).statusCode()).isEqualTo(400);
            assertThat(stub.lastRequest().sequence()).isEqualTo(1);
        }
    }

    @Test
    void baseUrlIsLoopbackWithV1() {
        assertThat(stub.baseUrl()).isEqualTo("http://127.0.0.1:" + stub.port() + "/v1");
    }

    static ObjectNode chat(String model, String... rolesAndContents) {
        if (rolesAndContents.length % 2 != 0) {
            throw new IllegalArgumentException("roles and contents must come in pairs");
        }
        ObjectNode request = JSON.createObjectNode().put("model", model);
        ArrayNode messages = request.putArray("messages");
        for (int i = 0; i < rolesAndContents.length; i += 2) {
            messages.addObject().put("role", rolesAndContents[i]).put("content", rolesAndContents[i + 1]);
        }
        return request;
    }

    static String content(HttpResponse<String> response) throws JsonProcessingException {
        assertThat(response.statusCode()).as("status of %s", response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).path("choices").path(0).path("message").path("content").asText();
    }

    private static HttpResponse<String> post(JsonNode body) throws IOException, InterruptedException {
        return post("/v1/chat/completions", body);
    }

    private static HttpResponse<String> post(String path, JsonNode body) throws IOException, InterruptedException {
        return send(request(path, body).build());
    }

    private static HttpRequest.Builder request(String path, JsonNode body) {
        return HttpRequest.newBuilder(uri(path))
                .timeout(GENEROUS)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
    }

    private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + stub.port() + path);
    }
}
