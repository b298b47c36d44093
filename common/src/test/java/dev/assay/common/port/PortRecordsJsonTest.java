package dev.assay.common.port;

import dev.assay.common.json.Json;
import dev.assay.common.validation.Problems;
import dev.assay.common.message.Message;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every record that crosses a process boundary survives a JSON round trip in its snake_case form. */
class PortRecordsJsonTest {

    private static <T> T roundTrip(T value) {
        @SuppressWarnings("unchecked")
        Class<T> type = (Class<T>) value.getClass();
        return Json.read(Json.write(value), type);
    }

    @Test
    void capabilities() {
        PortCapabilities caps = new PortCapabilities(false, true);
        assertThat(Json.write(caps)).isEqualTo("{\"supports_system_prompt\":false,\"supports_structured_output\":true}");
        assertThat(roundTrip(caps)).isEqualTo(caps);
        assertThat(PortCapabilities.DEFAULT).isEqualTo(new PortCapabilities(true, false));
    }

    @Test
    void llmResponseAndParseResult() throws Exception {
        LlmResponse response = new LlmResponse("Paris", UsageMetadata.of("m", 3, 1), Json.mapper().readTree("{\"id\":\"x\"}"));
        assertThat(roundTrip(response)).isEqualTo(response);
        ParseResult parse = new ParseResult(Json.mapper().readTree("{\"capital\":\"Paris\"}"), UsageMetadata.of("j", 9, 2), "{\"capital\":\"Paris\"}");
        assertThat(Json.mapper().readTree(Json.write(parse)).has("raw_content")).isTrue();
        assertThat(roundTrip(parse)).isEqualTo(parse);
    }

    @Test
    void agentRecords() throws Exception {
        AgentConfig config = new AgentConfig(10, "be brief", Duration.ofSeconds(90), "abc123", Map.of("effort", "high"));
        String json = Json.write(config);
        assertThat(Json.mapper().readTree(json).has("max_turns")).isTrue();
        assertThat(Json.mapper().readTree(json).get("timeout").asText()).isEqualTo("PT1M30S");
        assertThat(roundTrip(config)).isEqualTo(config);
        assertThat(AgentConfig.defaults().maxTurns()).isEqualTo(25);

        AgentResult result = new AgentResult("42", "user: q\nassistant: 42",
                List.of(Message.user("q"), Message.assistant("42")), UsageMetadata.of("m", 5, 1),
                2, false, "sess-1", "m-2025");
        assertThat(Json.mapper().readTree(Json.write(result)).has("limit_reached")).isTrue();
        assertThat(roundTrip(result)).isEqualTo(result);

        ToolDefinition tool = new ToolDefinition("search", "web search", Json.mapper().readTree("{\"type\":\"object\"}"));
        assertThat(Json.write(tool)).contains("\"input_schema\"");
        assertThat(roundTrip(tool)).isEqualTo(tool);

        McpServerConfig stdio = new McpServerConfig("files", McpServerConfig.Transport.STDIO, "mcp-files", List.of("--root", "/data"),
                Map.of("TOKEN", "${FILES_TOKEN}"), null, null);
        McpServerConfig http = new McpServerConfig("kb", McpServerConfig.Transport.HTTP, null, null, null,
                "http://127.0.0.1:9000/mcp", Map.of("Authorization", "Bearer ${KB_KEY}"));
        assertThat(Json.write(stdio)).contains("\"transport\":\"stdio\"");
        assertThat(roundTrip(stdio)).isEqualTo(stdio);
        assertThat(roundTrip(http)).isEqualTo(http);
    }

    @Test
    void invalidValuesAreRejectedWithTheFieldName() {
        assertThatThrownBy(() -> new AgentConfig(0, null, null, null, null)).hasMessageContaining("max_turns");
        // a server's settings are checked by validate, so every problem of a run config is listed at once, with its place
        Problems problems = new Problems();
        new McpServerConfig("kb", McpServerConfig.Transport.HTTP, null, null, null, null, null).validate("mcp_servers[0]", problems);
        assertThat(problems.errors()).anySatisfy(error -> assertThat(error.toString()).contains("mcp_servers[0]").contains("url"));
        assertThatThrownBy(() -> new ParseResult(null, null, null)).hasMessageContaining("parsed");
    }
}
