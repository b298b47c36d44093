package dev.assay.localstack.stub;

import java.util.Objects;

/**
 * One message of a recorded chat completion request. Content given as an array of parts
 * (OpenAI's multi-part form) is flattened to its text parts; a missing content (an assistant
 * message that only carries tool calls) is the empty string.
 */
public record ChatMessage(String role, String content) {

    public ChatMessage {
        Objects.requireNonNull(role, "role must not be null");
        content = content == null ? "" : content;
    }

    public boolean hasRole(String expected) {
        return role.equals(expected);
    }
}
