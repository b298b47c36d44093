package dev.assay.stage.parsing;

import dev.assay.core.embedding.EmbeddingFailedException;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;

/**
 * The embedding check's in-process model ({@code embedding_check.provider: in_process}):
 * sentence-transformers' all-MiniLM-L6-v2, Karenina's default, run on ONNX Runtime inside this
 * service (langchain4j's packaging of it), so the check needs no endpoint and no network. The model
 * (about 90 MB in memory) is loaded on first use, once per service; runs that never ask for it never load it.
 */
@ApplicationScoped
public class InProcessEmbeddings {

    private volatile EmbeddingModel model;

    /**
     * One vector per input, in order.
     *
     * @throws EmbeddingFailedException when the model cannot be loaded or run here
     */
    public List<double[]> embed(List<String> inputs) {
        List<Embedding> embeddings;
        try {
            embeddings = model().embedAll(inputs.stream().map(TextSegment::from).toList()).content();
        } catch (RuntimeException | LinkageError e) {
            // ONNX Runtime ships native libraries; a platform it has none for fails here, not at start-up
            throw new EmbeddingFailedException("the in-process embedding model (all-MiniLM-L6-v2) could not run: " + e, e);
        }
        List<double[]> vectors = new ArrayList<>();
        for (Embedding embedding : embeddings) {
            float[] vector = embedding.vector();
            double[] widened = new double[vector.length];
            for (int i = 0; i < vector.length; i++) {
                widened[i] = vector[i];
            }
            vectors.add(widened);
        }
        return vectors;
    }

    private EmbeddingModel model() {
        EmbeddingModel loaded = model;
        if (loaded == null) {
            synchronized (this) {
                loaded = model;
                if (loaded == null) {
                    loaded = new AllMiniLmL6V2EmbeddingModel();
                    model = loaded;
                }
            }
        }
        return loaded;
    }
}
