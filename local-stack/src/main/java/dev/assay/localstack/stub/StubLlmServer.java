package dev.assay.localstack.stub;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An OpenAI-compatible chat completions server for tests and the demo model, on 127.0.0.1 and a free port.
 * It serves {@code POST /v1/chat/completions} (and {@code /chat/completions}), and Anthropic's
 * {@code POST /v1/messages} in Anthropic's format from the same rules, and {@code POST /v1/embeddings}
 * with deterministic bag-of-words vectors ({@link StubEmbeddings}); it answers chats from scripted
 * rules (first match wins), records every request, and can inject latency and faults.
 *
 * <pre>{@code
 * try (StubLlmServer stub = StubLlmServer.start()) {
 *     stub.when(lastUserMessageContains("capital of France")).thenReply("Paris");
 *     stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).once();
 *     stub.fallback(StubReply.text("I don't know"));
 *     // point the client at stub.baseUrl() ...
 *     stub.awaitRequests(2, Duration.ofSeconds(10));
 * }
 * }</pre>
 *
 * Without a fallback, a request no rule matches gets HTTP 400 with an OpenAI error body that names
 * the request's last user message, so a test with a missing rule fails loudly instead of hanging.
 * Each request runs on its own virtual thread, so a hanging or slow reply never delays another one.
 * The server logs nothing, in particular no credentials.
 */
public final class StubLlmServer implements AutoCloseable {

    private static final Set<String> CHAT_COMPLETION_PATHS = Set.of("/v1/chat/completions", "/chat/completions");
    /** Anthropic's Messages API: the same rules answer it, in Anthropic's wire format. */
    private static final Set<String> ANTHROPIC_MESSAGES_PATHS = Set.of("/v1/messages", "/messages");
    /** OpenAI's embeddings API: answered deterministically ({@link StubEmbeddings}), not by the rules. */
    private static final Set<String> EMBEDDINGS_PATHS = Set.of("/v1/embeddings", "/embeddings");
    private static final int MAX_COMPUTED_DEPTH = 16;
    private static final int MAX_QUOTED_MESSAGE = 300;

    private final HttpServer server;
    private final ExecutorService executor;
    private final RequestReader reader;
    private final ChatCompletionJson wire;
    private final AnthropicMessagesJson anthropic;
    private final ObjectMapper json;
    private final RequestLog log = new RequestLog();
    private final List<StubRule> rules = new CopyOnWriteArrayList<>();
    private final AtomicReference<CountDownLatch> hangRelease = new AtomicReference<>(new CountDownLatch(1));
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile StubReply fallback;

    private StubLlmServer(HttpServer server, ExecutorService executor, ObjectMapper json) {
        this.server = server;
        this.executor = executor;
        this.json = json;
        this.reader = new RequestReader(json);
        this.wire = new ChatCompletionJson(json);
        this.anthropic = new AnthropicMessagesJson(json);
    }

    /** Starts a stub on 127.0.0.1 and a free port, with no rules and no fallback. */
    public static StubLlmServer start() {
        try {
            InetAddress loopback = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
            HttpServer server = HttpServer.create(new InetSocketAddress(loopback, 0), 256);
            ExecutorService executor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("stub-llm-", 1).factory());
            server.setExecutor(executor);
            StubLlmServer stub = new StubLlmServer(server, executor, new ObjectMapper());
            server.createContext("/", stub::handle);
            server.start();
            return stub;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the LLM stub server", e);
        }
    }

    /** {@code http://127.0.0.1:PORT/v1}: the base URL OpenAI clients expect. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port() + "/v1";
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Starts a rule; it takes effect when {@link RuleBuilder#thenReply} is called, after the rules added before it. */
    public RuleBuilder when(RequestMatcher matcher) {
        return new RuleBuilder(Objects.requireNonNull(matcher, "matcher must not be null"));
    }

    /** The reply for requests no rule matches (instead of HTTP 400). */
    public StubLlmServer fallback(StubReply reply) {
        this.fallback = Objects.requireNonNull(reply, "fallback reply must not be null; use noFallback()");
        return this;
    }

    /** Back to the default: unmatched requests get HTTP 400. */
    public StubLlmServer noFallback() {
        this.fallback = null;
        return this;
    }

    /** Current rules in matching order. */
    public List<StubRule> rules() {
        return List.copyOf(rules);
    }

    /**
     * Forgets rules, fallback and recorded requests, and releases requests still hanging, so one server
     * can serve many tests. Call it before each test.
     */
    public void reset() {
        rules.clear();
        fallback = null;
        log.clear();
        hangRelease.getAndSet(new CountDownLatch(1)).countDown();
    }

    /** All requests received so far (since the last reset), in arrival order; an immutable snapshot. */
    public List<RecordedRequest> requests() {
        return log.snapshot();
    }

    public int requestCount() {
        return log.snapshot().size();
    }

    /** The most recent request; fails the test when there is none. */
    public RecordedRequest lastRequest() {
        List<RecordedRequest> requests = log.snapshot();
        if (requests.isEmpty()) {
            throw new AssertionError("The LLM stub has not received any request");
        }
        return requests.getLast();
    }

    /**
     * Waits until at least {@code count} requests have arrived and returns them all.
     *
     * @throws AssertionError if they do not arrive within {@code timeout}
     */
    public List<RecordedRequest> awaitRequests(int count, Duration timeout) {
        return log.await(count, Objects.requireNonNull(timeout, "timeout must not be null"));
    }

    /** Stops the server at once; hanging and delayed requests are cut off. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        hangRelease.get().countDown();
        server.stop(0);
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "StubLlmServer[" + baseUrl() + ", " + rules.size() + " rules]";
    }

    /** Second half of {@code stub.when(matcher).thenReply(reply)}. */
    public final class RuleBuilder {

        private final RequestMatcher matcher;

        private RuleBuilder(RequestMatcher matcher) {
            this.matcher = matcher;
        }

        public StubRule thenReply(StubReply reply) {
            StubRule rule = new StubRule(matcher, reply);
            rules.add(rule);
            return rule;
        }

        /** Shorthand for {@code thenReply(StubReply.text(content))}. */
        public StubRule thenReply(String content) {
            return thenReply(StubReply.text(content));
        }
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            RequestReader.Incoming incoming = reader.read(exchange);
            Decision decision = log.append(incoming::withSequence, this::decide);
            respond(exchange, decision, decision.reply(), 0);
        } catch (InterruptedException e) {
            // Closing the server interrupts delayed and hanging replies; the connection just closes.
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The client went away (e.g. its timeout fired during a delay); nobody is left to answer.
        } catch (RuntimeException e) {
            // A bug here should surface as an answer the test can see, not as a silently closed connection.
            trySendJson(exchange, 500, wire.error("stub_error", "The LLM stub failed: " + e, "stub_error"));
        }
    }

    private void trySendJson(HttpExchange exchange, int status, JsonNode body) {
        try {
            sendJson(exchange, status, body);
        } catch (IOException | RuntimeException e) {
            // Headers were already sent or the client is gone: closing the exchange is all that is left.
        }
    }

    /**
     * The reply chosen for a request, with the hang latch current at that moment, so that a reset
     * after a test saw the request releases exactly this request if it hangs.
     */
    private record Decision(RecordedRequest request, StubReply reply, CountDownLatch hangRelease) {
    }

    private Decision decide(RecordedRequest request) {
        StubReply reply;
        try {
            reply = chooseReply(request);
        } catch (RuntimeException e) {
            // A test's matcher threw: answer 500 naming it (and still record the request).
            reply = StubReply.error(500, "stub_error", "A rule's matcher threw " + e);
        }
        return new Decision(request, reply, hangRelease.get());
    }

    private StubReply chooseReply(RecordedRequest request) {
        if (EMBEDDINGS_PATHS.contains(request.path()) && request.method().equals("POST") && request.hasValidJson()) {
            return StubReply.raw(200, "application/json", StubEmbeddings.answer(json, request.json()).toString());
        }
        if (!CHAT_COMPLETION_PATHS.contains(request.path()) && !ANTHROPIC_MESSAGES_PATHS.contains(request.path())) {
            return StubReply.error(404, "invalid_request_error",
                    "Unknown request URL: " + request.method() + " " + request.path() + " (LLM stub serves "
                            + CHAT_COMPLETION_PATHS + ")");
        }
        if (!request.method().equals("POST")) {
            return StubReply.error(405, "invalid_request_error", "Use POST for " + request.path());
        }
        if (!request.hasValidJson()) {
            return StubReply.error(400, "invalid_request_error", "The LLM stub got a request body that is not valid JSON");
        }
        for (StubRule rule : rules) {
            if (rule.claim(request)) {
                return rule.reply();
            }
        }
        StubReply fallbackReply = fallback;
        return fallbackReply != null ? fallbackReply : StubReply.error(400, "invalid_request_error", unmatchedMessage(request));
    }

    private String unmatchedMessage(RecordedRequest request) {
        String lastUser = request.lastUserMessage().map(StubLlmServer::abbreviate).map(m -> '"' + m + '"').orElse("(none)");
        return "LLM stub: no rule matched request #" + request.sequence() + " (model " + request.model()
                + "), last user message: " + lastUser + "; rules: " + rules;
    }

    private void respond(HttpExchange exchange, Decision decision, StubReply reply, int depth)
            throws IOException, InterruptedException {
        RecordedRequest request = decision.request();
        switch (reply) {
            case StubReply.Text text when isAnthropic(request) -> sendJson(exchange, 200, anthropic.text(request, text));
            case StubReply.Text text when isStreaming(request) -> sendStream(exchange, request, text);
            case StubReply.Text text -> sendJson(exchange, 200, wire.text(request, text));
            case StubReply.ToolCall call when isAnthropic(request) -> sendJson(exchange, 200, anthropic.toolCall(request, call));
            case StubReply.ToolCall call -> sendJson(exchange, 200, wire.toolCall(request, call));
            case StubReply.Failure failure -> {
                if (failure.retryAfter() != null) {
                    exchange.getResponseHeaders().set("Retry-After", Long.toString(failure.retryAfterSeconds()));
                }
                sendJson(exchange, failure.status(), isAnthropic(request)
                        ? anthropic.error(failure.type(), failure.message())
                        : wire.error(failure.type(), failure.message(), failure.type()));
            }
            case StubReply.Raw raw -> send(exchange, raw.status(), raw.contentType(), raw.body());
            // Released by reset() or close(); the exchange then closes without an answer.
            case StubReply.Hang hang -> decision.hangRelease().await();
            case StubReply.Delayed delayed -> {
                Thread.sleep(delayed.latency());
                respond(exchange, decision, delayed.reply(), depth);
            }
            case StubReply.Computed computed -> respond(exchange, decision, compute(computed, request, depth), depth + 1);
        }
    }

    private StubReply compute(StubReply.Computed computed, RecordedRequest request, int depth) {
        if (depth >= MAX_COMPUTED_DEPTH) {
            return StubReply.error(500, "stub_error", "Computed replies nested deeper than " + MAX_COMPUTED_DEPTH);
        }
        try {
            StubReply reply = computed.function().apply(request);
            return reply != null ? reply : StubReply.error(500, "stub_error", "A computed reply returned null");
        } catch (RuntimeException e) {
            // Surface the test's own bug in the HTTP answer rather than as a silently closed connection.
            return StubReply.error(500, "stub_error", "A computed reply threw " + e);
        }
    }

    private static boolean isAnthropic(RecordedRequest request) {
        return ANTHROPIC_MESSAGES_PATHS.contains(request.path());
    }

    private static boolean isStreaming(RecordedRequest request) {
        JsonNode body = request.json();
        return body != null && body.path("stream").asBoolean(false);
    }

    /** Server-sent events as OpenAI streams them: the content, the finish reason, optional usage, [DONE]. */
    private void sendStream(HttpExchange exchange, RecordedRequest request, StubReply.Text text) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            writeEvent(out, json.writeValueAsString(wire.chunk(request, text.content(), null, null)));
            writeEvent(out, json.writeValueAsString(wire.chunk(request, null, text.finishReason(), null)));
            if (request.json().path("stream_options").path("include_usage").asBoolean(false)) {
                StubReply.Usage usage = text.usage() != null ? text.usage()
                        : new StubReply.Usage(ChatCompletionJson.estimateTokens(request.allContent()),
                                ChatCompletionJson.estimateTokens(text.content()));
                writeEvent(out, json.writeValueAsString(wire.chunk(request, null, null, usage)));
            }
            writeEvent(out, "[DONE]");
        }
    }

    private static void writeEvent(OutputStream out, String data) throws IOException {
        out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void sendJson(HttpExchange exchange, int status, JsonNode body) throws IOException {
        send(exchange, status, "application/json", json.writeValueAsString(body));
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= MAX_QUOTED_MESSAGE ? text : text.substring(0, MAX_QUOTED_MESSAGE) + "...";
    }
}
