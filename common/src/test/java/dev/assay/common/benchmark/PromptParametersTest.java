package dev.assay.common.benchmark;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptParametersTest {

    @Test
    void placeholdersAreFilledAndDoubledBracesAreLiteral() {
        assertThat(PromptParameters.fill("What is {a} + {b}? Answer as {{\"sum\": n}}, not {{a}}.", Map.of("a", "2", "b", "3")))
                .isEqualTo("What is 2 + 3? Answer as {\"sum\": n}, not {a}.");
    }

    @Test
    void bracesAroundNonNamesStayAsWritten() {
        assertThat(PromptParameters.fill("Return {\"x\": 1} or { }", Map.of())).isEqualTo("Return {\"x\": 1} or { }");
    }

    @Test
    void valuesAreInsertedLiterally() {
        assertThat(PromptParameters.fill("Say {v}", Map.of("v", "$1 \\ {w}"))).isEqualTo("Say $1 \\ {w}");
    }

    @Test
    void aPlaceholderWithoutValueIsNamed() {
        assertThatThrownBy(() -> PromptParameters.fill("{a} and {c}", Map.of("a", "1")))
                .hasMessage("placeholder {c} has no value in prompt_parameters");
    }

    @Test
    void assistantMessagesAreNeverFilled() {
        assertThat(PromptParameters.fill(PromptMessage.assistant("I said {a}"), Map.of("a", "1")))
                .isEqualTo(PromptMessage.assistant("I said {a}"));
        assertThat(PromptParameters.fill(PromptMessage.system("Use {a}"), Map.of("a", "1"))).isEqualTo(PromptMessage.system("Use 1"));
    }

    @Test
    void escapedBracesAreNotPlaceholders() {
        assertThat(PromptParameters.placeholders("{{a}} {b} {b} {c}")).containsExactly("b", "c");
    }
}
