package dev.assay.common.benchmark;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptFilesTest {

    @Test
    void plainTextIsOneUserMessage() {
        assertThat(PromptFiles.parse("What is {a} + {b}?\nAnswer with a number.\n", "sum.prompt"))
                .containsExactly(PromptMessage.user("What is {a} + {b}?\nAnswer with a number."));
    }

    @Test
    void textOpeningWithAPlaceholderIsStillPlainText() {
        assertThat(PromptFiles.parse("{topic} in one line.", "t.prompt")).containsExactly(PromptMessage.user("{topic} in one line."));
    }

    @Test
    void oneJsonObjectIsOneMessage() {
        assertThat(PromptFiles.parse("{\"role\": \"system\", \"content\": \"Be terse.\"}", "s.prompt"))
                .containsExactly(PromptMessage.system("Be terse."));
    }

    @Test
    void aJsonObjectMaySpanSeveralLines() {
        String content = """

                {
                  "content": "Name a prime.\\nJust the number."
                }
                """;
        assertThat(PromptFiles.parse(content, "m.prompt")).containsExactly(PromptMessage.user("Name a prime.\nJust the number."));
    }

    @Test
    void jsonLinesAreOneMessageEachAndBlankLinesAreIgnored() {
        String content = """
                {"role": "system", "content": "You are a calculator."}

                {"role": "user", "content": "Think of a number."}
                {"role": "assistant", "variable": "number"}

                {"content": "Double it."}
                """;
        assertThat(PromptFiles.parse(content, "chat.prompt")).containsExactly(
                PromptMessage.system("You are a calculator."),
                PromptMessage.user("Think of a number."),
                PromptMessage.toFill("number"),
                PromptMessage.user("Double it."));
    }

    @Test
    void aBrokenJsonLineIsNamedByFileAndLine() {
        String content = """
                {"role": "user", "content": "One"}

                {"role": "assistant", "variable": "x"
                """;
        assertThatThrownBy(() -> PromptFiles.parse(content, "chat.prompt"))
                .isInstanceOf(PromptFileException.class)
                .hasMessageStartingWith("\"chat.prompt\" line 3: not a JSON message object");
    }

    @Test
    void aBrokenMultiLineObjectIsNamedByFileAndLine() {
        String content = "{\n  \"role\": \"user\",\n  \"content\": \"x\" \"oops\"\n}\n";
        assertThatThrownBy(() -> PromptFiles.parse(content, "m.prompt"))
                .hasMessageStartingWith("\"m.prompt\" line 3:");
    }

    @Test
    void unknownFieldsRolesAndNonTextValuesAreRejected() {
        assertThatThrownBy(() -> PromptFiles.parse("{\"rol\": \"user\", \"content\": \"x\"}\n{\"content\": \"y\"}", "a.prompt"))
                .hasMessage("\"a.prompt\" line 1: unknown field \"rol\" (did you mean \"role\"?); a message has role, content and variable");
        assertThatThrownBy(() -> PromptFiles.parse("{\"content\": \"x\"}\n{\"role\": \"tool\", \"content\": \"y\"}", "b.prompt"))
                .hasMessageStartingWith("\"b.prompt\" line 2: role \"tool\" is not one of system, user, assistant");
        assertThatThrownBy(() -> PromptFiles.parse("{\"content\": 42}", "c.prompt"))
                .hasMessage("\"c.prompt\" line 1: content must be text, got 42");
    }

    @Test
    void theExtensionMustBePromptAndTheFileNotEmpty() {
        assertThatThrownBy(() -> PromptFiles.parse("Hi", "q.txt")).hasMessage("\"q.txt\": a prompt file must end in .prompt");
        assertThatThrownBy(() -> PromptFiles.parse("  \n", "e.prompt")).hasMessage("\"e.prompt\": the file is empty");
    }
}
