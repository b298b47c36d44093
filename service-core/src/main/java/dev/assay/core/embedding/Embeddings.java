package dev.assay.core.embedding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.core.llm.JsonHttp;
import dev.assay.core.llm.SecretResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Embeddings from an OpenAI-compatible {@code POST {base_url}/embeddings} endpoint (OpenAI, vLLM,
 * llama.cpp server, Ollama {@code /v1}, a text-embeddings-inference server), for the embedding check.
 * The key is resolved from this service's environment by name and sent as a bearer token only.
 */
@ApplicationScoped
public class Embeddings {

    private final SecretResolver secrets;
    private final JsonHttp http;

    @Inject
    public Embeddings(SecretResolver secrets) {
        this.secrets = secrets;
        this.http = new JsonHttp();
    }

    /**
     * One vector per input, in order.
     *
     * @throws EmbeddingFailedException when the endpoint cannot be reached or answers something else; the message names the endpoint
     */
    public List<double[]> embed(String baseUrl, String apiKeyEnv, String model, List<String> inputs, Duration timeout) {
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new EmbeddingFailedException("no embeddings endpoint: set embedding_check.base_url (the judge has no base_url)");
        }
        URI uri = URI.create(baseUrl.replaceAll("/+$", "") + "/embeddings");
        String target = "embeddings endpoint " + uri;
        ObjectNode body = Json.mapper().createObjectNode().put("model", model);
        inputs.forEach(body.putArray("input")::add);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        secrets.resolve(apiKeyEnv).ifPresent(key -> request.header("Authorization", "Bearer " + key));
        JsonNode answer;
        try {
            answer = http.exchange(request.build(), target, timeout);
        } catch (RuntimeException e) {
            throw new EmbeddingFailedException(e.getMessage(), e);
        }
        List<double[]> vectors = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            JsonNode data = findIndex(answer.path("data"), i);
            JsonNode embedding = data == null ? null : data.path("embedding");
            if (embedding == null || !embedding.isArray() || embedding.isEmpty()) {
                throw new EmbeddingFailedException(target + ": the answer has no embedding for input " + i);
            }
            double[] vector = new double[embedding.size()];
            for (int d = 0; d < vector.length; d++) {
                vector[d] = embedding.get(d).asDouble();
            }
            vectors.add(vector);
        }
        return vectors;
    }

    /** The item with {@code index} i, else the i-th item (servers that leave the index out). */
    private static JsonNode findIndex(JsonNode data, int i) {
        for (JsonNode item : data) {
            if (item.path("index").isInt() && item.path("index").asInt() == i) {
                return item;
            }
        }
        return data.size() > i ? data.get(i) : null;
    }

    /** Cosine similarity, clamped to 0–1 as Karenina's; vectors of different lengths are an error. */
    public static double cosine(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new EmbeddingFailedException("the two embeddings differ in length (" + a.length + " and " + b.length + ")");
        }
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        if (na == 0 || nb == 0) {
            return 0;
        }
        return Math.max(0, Math.min(1, dot / (Math.sqrt(na) * Math.sqrt(nb))));
    }
}
