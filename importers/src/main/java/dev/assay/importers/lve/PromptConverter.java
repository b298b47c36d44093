package dev.assay.importers.lve;

import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.message.Role;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * LVE messages to Assay's: system and user texts rewritten from Python's {@code str.format}
 * syntax to Assay placeholders (which fill to the same text), assistant messages kept as they are
 * (neither fills them), an assistant message without content filled by the model. Refuses what
 * LVE itself would refuse when running the prompt.
 */
final class PromptConverter {

    private PromptConverter() {
    }

    static AssayPrompt convert(LvePrompt prompt) {
        Set<String> placeholders = new LinkedHashSet<>();
        List<AssayPrompt.Conversation> conversations = new ArrayList<>();
        switch (prompt) {
            case LvePrompt.Conversation conversation ->
                    conversations.add(conversation(null, conversation.messages(), "prompt", placeholders));
            case LvePrompt.MultiRun multiRun -> {
                for (LvePrompt.Run run : multiRun.runs()) {
                    conversations.add(conversation(run.name(), run.messages(), "multi_run_prompt item \"" + run.name() + "\"",
                            placeholders));
                }
            }
        }
        return new AssayPrompt(prompt instanceof LvePrompt.MultiRun, conversations, placeholders);
    }

    private static AssayPrompt.Conversation conversation(String name, List<LveMessage> messages, String where,
                                                         Set<String> placeholders) {
        LveMessage last = messages.get(messages.size() - 1);
        if (last.role() == Role.ASSISTANT && last.content() != null) {
            throw new Untranslatable(where + " ends with a fixed assistant message, so LVE asks the model nothing");
        }
        boolean appendsResponse = last.role() != Role.ASSISTANT;
        long assistants = messages.stream().filter(m -> m.role() == Role.ASSISTANT).count() + (appendsResponse ? 1 : 0);
        List<PromptMessage> converted = new ArrayList<>();
        List<AssayPrompt.AssistantTurn> turns = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            LveMessage message = messages.get(i);
            if (message.role() != Role.ASSISTANT) {
                String template;
                try {
                    template = PythonFormat.toAssayTemplate(message.content());
                } catch (Untranslatable e) {
                    throw new Untranslatable(where + ", message " + (i + 1) + ": " + e.getMessage());
                }
                placeholders.addAll(PythonFormat.fieldNames(message.content()));
                converted.add(new PromptMessage(message.role(), template, null));
                continue;
            }
            if (message.variable() == null && assistants > 1) {
                throw new Untranslatable(where + ", message " + (i + 1) + ": an assistant message without a variable, "
                        + "which LVE refuses when a prompt has several assistant messages");
            }
            String lveName = message.variable() != null ? message.variable() : String.valueOf(turns.size());
            if (message.content() != null) {
                converted.add(PromptMessage.assistant(message.content()));
                turns.add(new AssayPrompt.AssistantTurn(lveName, null, message.content()));
            } else {
                String variable = message.variable() != null ? message.variable() : "response";
                converted.add(PromptMessage.toFill(variable));
                turns.add(new AssayPrompt.AssistantTurn(lveName, variable, null));
            }
        }
        if (appendsResponse) {
            turns.add(new AssayPrompt.AssistantTurn("response", "response", null));
        }
        return new AssayPrompt.Conversation(name, converted, turns);
    }
}
