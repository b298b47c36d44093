package dev.assay.localstack.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class DemoModelTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void answersOverHttpByRuleThenFallback() throws Exception {
        DemoRules rules = DemoRules.parse("""
                models: [demo-answerer]
                rules:
                  - match: {model: demo-answerer, any_of: [France]}
                    reply: Paris.
                fallback: I don't know.
                """, "demo-model.yaml");
        try (DemoModel demo = DemoModel.start(rules)) {
            assertThat(demo.baseUrl()).startsWith("http://127.0.0.1:").endsWith("/v1");
            assertThat(ask(demo, "demo-answerer", "Capital of France?").path("choices").get(0).path("message").path("content").asText())
                    .isEqualTo("Paris.");
            assertThat(ask(demo, "demo-answerer", "Capital of Peru?").path("choices").get(0).path("message").path("content").asText())
                    .isEqualTo("I don't know.");
            assertThat(demo.server().requestCount()).isEqualTo(2);
        }
    }

    @Test
    void withoutAFallbackAnUnmatchedRequestFailsNamingTheRules() throws Exception {
        DemoRules rules = DemoRules.parse("""
                models: [m]
                rules:
                  - {match: {model: m, all_of: [x]}, reply: y}
                """, "demo-model.yaml");
        try (DemoModel demo = DemoModel.start(rules)) {
            JsonNode error = ask(demo, "m", "nothing scripted");
            assertThat(error.path("error").path("message").asText()).contains("no rule matched").contains("rules[0] (model m, all of [x])");
        }
    }

    private JsonNode ask(DemoModel demo, String model, String question) throws IOException, InterruptedException {
        String body = JSON.writeValueAsString(JSON.createObjectNode().put("model", model)
                .set("messages", JSON.createArrayNode().add(JSON.createObjectNode().put("role", "user").put("content", question))));
        HttpRequest request = HttpRequest.newBuilder(URI.create(demo.baseUrl() + "/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return JSON.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
    }
}
