package dev.assay.core.embedding;

/** Embeddings that could not be had; the message names the endpoint and the problem, never a key. */
public class EmbeddingFailedException extends RuntimeException {

    public EmbeddingFailedException(String message) {
        super(message);
    }

    public EmbeddingFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
