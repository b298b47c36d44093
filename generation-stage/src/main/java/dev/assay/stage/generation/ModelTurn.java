package dev.assay.stage.generation;

import dev.assay.common.message.Message;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;

import java.util.List;

/** One answer of the answering model to the conversation so far; the seam the loop is tested through. */
@FunctionalInterface
interface ModelTurn {

    /** @throws ModelCallException when no answer could be had, with every attempt recorded */
    Completion complete(List<Message> messages);

    /**
     * The answer as the sample {@code sample} of the job (docs/cache.md: a multi-run repetition or a
     * conversation's turn is cached apart from the others; {@code null}: the job's one sample).
     * Without a cache to key, the same as {@link #complete(List)}.
     */
    default Completion complete(List<Message> messages, String sample) {
        return complete(messages);
    }

    /**
     * What the conversation holds after this turn's {@code completion}: its answer as an assistant
     * message. An agent's turn holds its tool calls and their results too, so a later turn of the
     * conversation sees what the tools said.
     */
    default List<Message> said(Completion completion) {
        return List.of(Message.assistant(completion.content()));
    }
}
