package dev.assay.common.message;

import java.util.Objects;

/** Plain text. */
public record TextBlock(String text) implements ContentBlock {
    public TextBlock {
        Objects.requireNonNull(text, "text block: text must not be null (use an empty string)");
    }
}
