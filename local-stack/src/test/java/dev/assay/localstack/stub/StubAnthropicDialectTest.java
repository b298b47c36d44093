package dev.assay.localstack.stub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;

/** The same rules answer Anthropic's Messages API in its own wire format. */
class StubAnthropicDialectTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static StubLlmServer stub;

    @BeforeAll
    static void start() {
        stub = StubLlmServer.start();
    }

    @AfterAll
    static void stop() {
        stub.close();
    }

    @BeforeEach
    void reset() {
        stub.reset();
    }

    private HttpResponse<String> post(String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(stub.baseUrl() + "/messages"))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void textRepliesAreMessagesWithTextBlocksAndUsage() throws Exception {
        stub.when(systemMessageContains("terse")).thenReply(StubReply.text("Paris").withUsage(9, 1));

        HttpResponse<String> response = post("""
                {"model":"claude-x","max_tokens":50,"system":"Be terse.","messages":[{"role":"user","content":"Capital?"}]}""");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("type").asText()).isEqualTo("message");
        assertThat(body.get("content").get(0).get("text").asText()).isEqualTo("Paris");
        assertThat(body.get("stop_reason").asText()).isEqualTo("end_turn");
        assertThat(body.get("usage").get("input_tokens").asInt()).isEqualTo(9);
        assertThat(stub.lastRequest().messages()).extracting(ChatMessage::role).containsExactly("system", "user");
    }

    @Test
    void toolCallsBecomeToolUseBlocksAndErrorsKeepRetryAfter() throws Exception {
        stub.when(RequestMatcher.any()).thenReply(StubReply.toolCall("record_answer", "{\"city\":\"Paris\"}")).once();
        stub.when(RequestMatcher.any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(3)));

        JsonNode tool = JSON.readTree(post("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}").body());
        assertThat(tool.get("content").get(0).get("type").asText()).isEqualTo("tool_use");
        assertThat(tool.get("content").get(0).get("input").get("city").asText()).isEqualTo("Paris");

        HttpResponse<String> limited = post("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}");
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.headers().firstValue("retry-after")).contains("3");
        assertThat(JSON.readTree(limited.body()).get("type").asText()).isEqualTo("error");
    }
}
