package dev.assay.common.prompt;

import dev.assay.common.message.Message;
import dev.assay.common.port.PortCapabilities;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptAssemblerTest {

    private static final PortCapabilities NO_SYSTEM = new PortCapabilities(false, false);

    private AdapterInstructionRegistry registry;

    @BeforeEach
    void setUp() {
        registry = new AdapterInstructionRegistry();
    }

    private PromptAssembler assembler(PortCapabilities capabilities) {
        return new PromptAssembler(PromptTask.PARSING, "custom", capabilities, registry);
    }

    @Test
    void taskTextThenAdapterAdditionsInRegistrationOrderThenUserInstructions() {
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("SYS-A", "USR-A"));
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("SYS-B", "USR-B"));

        List<Message> messages = assembler(PortCapabilities.DEFAULT)
                .assemble("TASK-SYS", "TASK-USR", "USER-INSTR", Map.of());

        assertThat(messages).containsExactly(
                Message.system("TASK-SYS\n\nSYS-A\n\nSYS-B\n\nUSER-INSTR"),
                Message.user("TASK-USR\n\nUSR-A\n\nUSR-B"));
    }

    @Test
    void emptyAdditionsAddNoStrayBlankLines() {
        registry.register("custom", PromptTask.PARSING, ctx -> AdapterInstruction.NONE);
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("", "USR-ONLY"));
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("  \n", null));
        registry.register("custom", PromptTask.PARSING, ctx -> null);

        AssembledText text = assembler(PortCapabilities.DEFAULT).assembleText("SYS", "USR", "", Map.of());

        assertThat(text).isEqualTo(new AssembledText("SYS", "USR\n\nUSR-ONLY"));
    }

    @Test
    void additionsToEmptyTextDoNotStartWithASeparator() {
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("SYS-A", "USR-A"));
        AssembledText text = assembler(PortCapabilities.DEFAULT).assembleText("", null, null, null);
        assertThat(text).isEqualTo(new AssembledText("SYS-A", "USR-A"));
    }

    @Test
    void noSystemMessageWhenThereIsNoSystemText() {
        List<Message> messages = assembler(PortCapabilities.DEFAULT).assemble("", "Question?", null, null);
        assertThat(messages).containsExactly(Message.user("Question?"));
    }

    @Test
    void userInstructionsAloneMakeASystemMessage() {
        List<Message> messages = assembler(PortCapabilities.DEFAULT).assemble(null, "Question?", "Be terse.", null);
        assertThat(messages).containsExactly(Message.system("Be terse."), Message.user("Question?"));
    }

    @Test
    void withoutSystemPromptSupportTheSystemTextLeadsASingleUserMessage() {
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("SYS-A", "USR-A"));

        List<Message> messages = assembler(NO_SYSTEM).assemble("TASK-SYS", "TASK-USR", "USER-INSTR", Map.of());

        assertThat(messages).containsExactly(
                Message.user("TASK-SYS\n\nSYS-A\n\nUSER-INSTR\n\nTASK-USR\n\nUSR-A"));
    }

    @Test
    void withoutSystemPromptSupportAndNoSystemTextTheUserTextIsUnchanged() {
        assertThat(assembler(NO_SYSTEM).assemble("", "Only the question", null, Map.of()))
                .containsExactly(Message.user("Only the question"));
    }

    @Test
    void assembleTextGivesTheSameTextsAsTheMessages() {
        registry.register("custom", PromptTask.PARSING, ctx -> new AdapterInstruction("SYS-A", "USR-A"));
        PromptAssembler assembler = assembler(PortCapabilities.DEFAULT);
        AssembledText text = assembler.assembleText("S", "U", "I", Map.of());
        List<Message> messages = assembler.assemble("S", "U", "I", Map.of());
        assertThat(messages.get(0).text()).isEqualTo(text.system());
        assertThat(messages.get(1).text()).isEqualTo(text.user());
    }

    @Test
    void factoriesReceiveTheContextAndOnlyTheirPairIsApplied() {
        List<Map<String, Object>> seen = new ArrayList<>();
        registry.register("custom", PromptTask.PARSING, ctx -> {
            seen.add(ctx);
            return AdapterInstruction.user("schema=" + ctx.getOrDefault("json_schema", "none"));
        });
        registry.register("custom", PromptTask.GENERATION, ctx -> AdapterInstruction.user("WRONG TASK"));
        registry.register("other", PromptTask.PARSING, ctx -> AdapterInstruction.user("WRONG INTERFACE"));

        Map<String, Object> context = new HashMap<>();
        context.put("json_schema", "{}");
        AssembledText text = assembler(PortCapabilities.DEFAULT).assembleText("S", "U", null, context);

        assertThat(text.user()).isEqualTo("U\n\nschema={}");
        assertThat(seen).containsExactly(context);
        assertThat(assembler(PortCapabilities.DEFAULT).assembleText("S", "U", null, null).user()).isEqualTo("U\n\nschema=none");
    }

    @Test
    void aFailingFactoryIsReportedWithItsPair() {
        registry.register("custom", PromptTask.PARSING, ctx -> {
            throw new IllegalStateException("bad schema");
        });
        assertThatThrownBy(() -> assembler(PortCapabilities.DEFAULT).assemble("S", "U", null, Map.of()))
                .hasMessageContaining("(custom, parsing)").hasMessageContaining("bad schema");
    }

    @Test
    void interfaceAndTaskAreRequired() {
        assertThatThrownBy(() -> new PromptAssembler(null, "openai", PortCapabilities.DEFAULT)).hasMessageContaining("task");
        assertThatThrownBy(() -> new PromptAssembler(PromptTask.PARSING, "", PortCapabilities.DEFAULT)).hasMessageContaining("interface");
    }
}
