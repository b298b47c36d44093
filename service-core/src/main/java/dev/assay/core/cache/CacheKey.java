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
 * prompt), the response schema, the exact messages as sent (tool calls and results included) and
 * the replicate. The API key, the timeout, the concurrency limit and the prices do not change the
 * answer and are left out.
 */
public final class CacheKey {

    private CacheKey() {
    }

    public static String of(ModelConfig model, List<Message> messages, JsonNode schema, int replicate) {
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
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(Json.mapper().writeValueAsString(parts).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cache key: " + e.getMessage(), e);
        }
    }
}
