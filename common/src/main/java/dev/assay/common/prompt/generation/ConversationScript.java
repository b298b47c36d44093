package dev.assay.common.prompt.generation;

import dev.assay.common.message.Message;

import java.util.List;
import java.util.Objects;

/**
 * A conversation to hold with the answering model: fixed turns as they are sent, and turns the
 * model fills, each kept under a variable. The last turn is always one the model fills.
 */
public record ConversationScript(List<Turn> turns) {

    public ConversationScript {
        turns = List.copyOf(turns);
        if (turns.isEmpty() || !turns.get(turns.size() - 1).isToFill()) {
            throw new IllegalArgumentException("a conversation ends with a turn the model fills");
        }
    }

    /** A fixed message, or (message null) an assistant turn the model fills, kept as {@code variable}. */
    public record Turn(Message message, String variable) {

        public static Turn fixed(Message message) {
            return new Turn(Objects.requireNonNull(message), null);
        }

        public static Turn toFill(String variable) {
            return new Turn(null, Objects.requireNonNull(variable));
        }

        public boolean isToFill() {
            return message == null;
        }
    }
}
