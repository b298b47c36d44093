package dev.assay.core.cache;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.run.ModelConfig;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The response cache's key: a SHA-256 over everything that changes a model's answer — the model
 * (canonical key and endpoint), the request parameters (temperature, max_tokens, seed, system
 * prompt), the response schema, the exact messages as sent (tool calls and results included),
 * the replicate, and the sample within the job (a multi-run repetition, a conversation's turn). The
 * API key, the timeout, the concurrency limit and the prices do not change the answer and are left
 * out (docs/cache.md).
 */
public final class CacheKey {

    private CacheKey() {
    }

    public static String of(ModelConfig model, List<Message> messages, JsonNode schema, int replicate) {
        return of(model, messages, schema, replicate, null);
    }

    /**
     * The key of a call that is the sample {@code sample} of its job; {@code null} for a job's one
     * sample, whose key stays what it was before samples were keyed (so entries stored then still answer).
     */
    public static String of(ModelConfig model, List<Message> messages, JsonNode schema, int replicate, String sample) {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("model", model.canonicalKey());
        parts.put("base_url", model.baseUrl());
        parts.put("temperature", model.temperature());
        parts.put("max_tokens", model.maxTokens());
        parts.put("seed", model.seed());
        parts.put("system_prompt", model.systemPrompt());
        parts.put("schema", schema);
        parts.put("messages", messages);
        parts.put("replicate", replicate);
        if (sample != null) {
            parts.put("sample", sample);
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(Json.mapper().writeValueAsString(parts).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cache key: " + e.getMessage(), e);
        }
    }
}
