package dev.assay.common.message;

/**
 * The model's visible reasoning. {@code signature} is the provider's integrity token, kept so a
 * trace can be replayed to the provider unchanged; it may be null.
 */
public record ThinkingBlock(String thinking, String signature) implements ContentBlock {
    public ThinkingBlock {
        thinking = thinking == null ? "" : thinking;
    }
}
