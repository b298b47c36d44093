package dev.assay.importers.lve;

import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.PromptMessage;

import java.util.List;
import java.util.Set;

/**
 * An LVE prompt in Assay's form (docs/prompts.md), with what checkers need to know of it: the
 * assistant turns of each conversation as LVE names them.
 *
 * @param multiRun      whether it is a {@code multi_run_prompt} (one conversation per item) or a {@code prompt}
 * @param conversations one (a prompt) or one per item (a multi-run prompt)
 * @param placeholders  the prompt parameters the messages read
 */
record AssayPrompt(boolean multiRun, List<Conversation> conversations, Set<String> placeholders) {

    AssayPrompt {
        conversations = List.copyOf(conversations);
        placeholders = Set.copyOf(placeholders);
    }

    /**
     * One assistant turn: fixed text, or one the model fills (LVE appends one named {@code response}
     * when the prompt does not end with an assistant message, as Assay does).
     *
     * @param lveName  the name LVE's checkers know it by: its variable, else its position ("0")
     * @param variable the Assay variable the model's answer is kept under; null for a fixed turn
     * @param content  a fixed turn's text; null for one the model fills
     */
    record AssistantTurn(String lveName, String variable, String content) {

        boolean filled() {
            return variable != null;
        }
    }

    /** @param name the multi-run item's name; null for a prompt */
    record Conversation(String name, List<PromptMessage> messages, List<AssistantTurn> turns) {

        Conversation {
            messages = List.copyOf(messages);
            turns = List.copyOf(turns);
        }

        List<AssistantTurn> filled() {
            return turns.stream().filter(AssistantTurn::filled).toList();
        }
    }

    /** A question's {@code prompt}; null for a multi-run prompt. */
    List<PromptMessage> prompt() {
        return multiRun ? null : conversations.get(0).messages();
    }

    /** A question's {@code multi_run_prompt} (each item once, as LVE runs it); null for a prompt. */
    List<MultiRunItem> multiRunItems() {
        return multiRun ? conversations.stream().map(c -> new MultiRunItem(c.name(), null, c.messages(), null)).toList() : null;
    }
}
