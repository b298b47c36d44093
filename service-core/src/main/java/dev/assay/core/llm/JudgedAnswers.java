package dev.assay.core.llm;

import dev.assay.common.message.Message;
import dev.assay.common.port.LlmResponse;

import java.util.List;

/**
 * A port told whether the structured answers it gave could be used, so the response cache keeps only
 * usable ones (docs/cache.md): {@link JsonParserPort} says so of every answer, repair rounds included.
 */
interface JudgedAnswers {

    /** {@code response}, the answer to {@code messages}, was read and passed every check. */
    void usable(List<Message> messages, LlmResponse response);

    /** {@code response}, the answer to {@code messages}, could not be used (not JSON, not valid, a check failed). */
    void unusable(List<Message> messages, LlmResponse response);
}
