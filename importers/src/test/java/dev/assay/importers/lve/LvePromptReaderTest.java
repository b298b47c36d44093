package dev.assay.importers.lve;

import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.message.Role;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LvePromptReaderTest {

    @Test
    void plainTextIsOneUserMessageWithItsLineBreaks() {
        assertThat(LvePromptReader.parse("What is {a} + {b}?\r\nAnswer briefly.\n", "test.prompt"))
                .containsExactly(new LveMessage(Role.USER, "What is {a} + {b}?\nAnswer briefly.\n", null));
    }

    @Test
    void jsonLinesAreOneMessageEach() {
        String text = """
                {"role": "system", "content": "You count."}
                {"content": "Think of a number below {max}."}
                {"role": "assistant", "variable": "number"}
                """;

        assertThat(LvePromptReader.parse(text, "test.prompt")).containsExactly(
                new LveMessage(Role.SYSTEM, "You count.", null),
                new LveMessage(Role.USER, "Think of a number below {max}.", null),
                new LveMessage(Role.ASSISTANT, null, "number"));
    }

    @Test
    void aSingleJsonObjectOverSeveralLinesIsOneMessage() {
        String text = """
                {
                    "role": "user",
                    "content": "Rearrange \\"{letters}\\".\\nOne word."
                }
                """;

        assertThat(LvePromptReader.parse(text, "test.prompt"))
                .containsExactly(new LveMessage(Role.USER, "Rearrange \"{letters}\".\nOne word.", null));
    }

    @Test
    void aBlankLineMakesJsonLinesTextAsInLve() {
        String text = "{\"content\": \"a\"}\n\n{\"content\": \"b\"}\n";

        assertThat(LvePromptReader.parse(text, "test.prompt")).containsExactly(new LveMessage(Role.USER, text, null));
    }

    @Test
    void filesLveCannotUseAreRefused() {
        assertThatThrownBy(() -> LvePromptReader.parse("[{\"content\": \"a\"}]", "x.prompt")).hasMessageContaining("x.prompt line 1 is not a JSON message object");
        assertThatThrownBy(() -> LvePromptReader.parse("[\n{\"content\": \"a\"}\n]", "x.prompt")).hasMessageContaining("not a message object or JSON lines");
        assertThatThrownBy(() -> LvePromptReader.parse(" <please fill in>\n", "x.prompt")).hasMessageContaining("<please fill in>");
        assertThatThrownBy(() -> LvePromptReader.parse("", "x.prompt")).hasMessageContaining("x.prompt is empty");
        assertThatThrownBy(() -> LvePromptReader.parse("{\"role\": \"tool\", \"content\": \"a\"}", "x.prompt")).hasMessageContaining("role \"tool\"");
        assertThatThrownBy(() -> LvePromptReader.parse("{\"role\": \"user\"}", "x.prompt")).hasMessageContaining("a user message without content");
        assertThatThrownBy(() -> LvePromptReader.parse("{\"content\": \"a\", \"image_url\": \"x.png\"}", "x.prompt"))
                .hasMessageContaining("image prompts are not imported");
    }

    @Test
    void messagesBecomeAssayMessagesWithTheTurnsLveNames() {
        AssayPrompt prompt = PromptConverter.convert(new LvePrompt.Conversation(List.of(
                new LveMessage(Role.SYSTEM, "Answer as {{\"n\": x}}.", null),
                new LveMessage(Role.USER, "Pick below {max}.", null),
                new LveMessage(Role.ASSISTANT, null, "number"),
                new LveMessage(Role.USER, "Double it.", null))));

        assertThat(prompt.prompt()).containsExactly(
                PromptMessage.system("Answer as {{\"n\": x}}."),
                PromptMessage.user("Pick below {max}."),
                PromptMessage.toFill("number"),
                PromptMessage.user("Double it."));
        assertThat(prompt.placeholders()).containsExactly("max");
        // LVE appends a response turn after a closing user message, as Assay does
        assertThat(prompt.conversations().get(0).turns()).containsExactly(
                new AssayPrompt.AssistantTurn("number", "number", null),
                new AssayPrompt.AssistantTurn("response", "response", null));
        assertThat(prompt.multiRunItems()).isNull();
    }

    @Test
    void aLoneUnnamedAssistantTurnIsTheResponse() {
        AssayPrompt prompt = PromptConverter.convert(new LvePrompt.Conversation(List.of(
                new LveMessage(Role.USER, "Hi", null), new LveMessage(Role.ASSISTANT, null, null))));

        assertThat(prompt.prompt()).containsExactly(PromptMessage.user("Hi"), PromptMessage.toFill("response"));
        assertThat(prompt.conversations().get(0).turns()).containsExactly(new AssayPrompt.AssistantTurn("0", "response", null));
    }

    @Test
    void promptsLveWouldNotRunAreRefused() {
        assertThatThrownBy(() -> PromptConverter.convert(new LvePrompt.Conversation(List.of(
                new LveMessage(Role.USER, "a", null), new LveMessage(Role.ASSISTANT, null, null), new LveMessage(Role.USER, "b", null)))))
                .hasMessageContaining("an assistant message without a variable");
        assertThatThrownBy(() -> PromptConverter.convert(new LvePrompt.Conversation(List.of(
                new LveMessage(Role.USER, "a", null), new LveMessage(Role.ASSISTANT, "fixed", "x")))))
                .hasMessageContaining("ends with a fixed assistant message");
        assertThatThrownBy(() -> PromptConverter.convert(new LvePrompt.Conversation(List.of(new LveMessage(Role.USER, "{} please", null)))))
                .hasMessage("prompt, message 1: {} is a positional field, but LVE passes only keyword arguments (Python's format raises "
                        + "IndexError; write {{ and }} for literal braces)");
    }
}
