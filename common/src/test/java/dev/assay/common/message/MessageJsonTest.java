package dev.assay.common.message;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageJsonTest {

    @Test
    void factoriesSetRoleAndSingleTextBlock() {
        assertThat(Message.system("s")).isEqualTo(new Message(Role.SYSTEM, List.of(new TextBlock("s"))));
        assertThat(Message.user("u").role()).isEqualTo(Role.USER);
        assertThat(Message.assistant("a").role()).isEqualTo(Role.ASSISTANT);
        Message tool = Message.toolResult("call_1", "42");
        assertThat(tool.role()).isEqualTo(Role.TOOL);
        assertThat(tool.content()).containsExactly(new ToolResultBlock("call_1", "42", false));
    }

    @Test
    void textJoinsOnlyTextBlocksInOrder() {
        Message message = Message.assistant(List.of(
                new ThinkingBlock("let me think", "sig"),
                new TextBlock("first"),
                new ToolUseBlock("t1", "search", Json.mapper().createObjectNode().put("q", "x")),
                new TextBlock("second")));
        assertThat(message.text()).isEqualTo("first\nsecond");
        assertThat(message.toolUses()).extracting(ToolUseBlock::name).containsExactly("search");
        assertThat(Message.toolResult("t1", "r").text()).isEmpty();
    }

    @Test
    void everyBlockKindRoundTripsWithSnakeCaseWireNames() throws Exception {
        Message message = Message.assistant(List.of(
                new TextBlock("hello"),
                new ToolUseBlock("t1", "lookup", Json.mapper().readTree("{\"gene\":\"BRCA1\",\"limit\":3}")),
                new ToolResultBlock("t1", "found", true),
                new ThinkingBlock("hmm", null)));

        String json = Json.write(message);
        JsonNode tree = Json.mapper().readTree(json);

        assertThat(tree.get("role").asText()).isEqualTo("assistant");
        JsonNode blocks = tree.get("content");
        assertThat(blocks).hasSize(4);
        assertThat(blocks.get(0).get("type").asText()).isEqualTo("text");
        assertThat(blocks.get(1).get("type").asText()).isEqualTo("tool_use");
        assertThat(blocks.get(1).get("input").get("gene").asText()).isEqualTo("BRCA1");
        assertThat(blocks.get(2).get("type").asText()).isEqualTo("tool_result");
        assertThat(blocks.get(2).get("tool_use_id").asText()).isEqualTo("t1");
        assertThat(blocks.get(2).get("is_error").asBoolean()).isTrue();
        assertThat(blocks.get(3).get("type").asText()).isEqualTo("thinking");

        assertThat(Json.read(json, Message.class)).isEqualTo(message);
    }

    @Test
    void everyRoleRoundTrips() {
        for (Role role : Role.values()) {
            Message message = new Message(role, List.of(new TextBlock("x")));
            assertThat(Json.read(Json.write(message), Message.class)).isEqualTo(message);
        }
        assertThat(Json.write(Message.user("hi"))).isEqualTo("{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}");
    }

    @Test
    void unknownRoleOrBlockTypeIsAClearError() {
        assertThatThrownBy(() -> Json.read("{\"role\":\"robot\",\"content\":[]}", Message.class))
                .hasMessageContaining("robot").hasMessageContaining("system, user, assistant, tool");
        assertThatThrownBy(() -> Json.read("{\"role\":\"user\",\"content\":[{\"type\":\"image\"}]}", Message.class))
                .hasMessageContaining("image");
    }

    @Test
    void contentIsImmutable() {
        Message message = Message.user("x");
        assertThatThrownBy(() -> message.content().add(new TextBlock("y"))).isInstanceOf(UnsupportedOperationException.class);
    }
}
