package dev.assay.common.run;

import dev.assay.common.port.AgentSettings;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.json.FlexibleDurationDeserializer;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * A model to answer with or judge with.
 *
 * <p>The API key never appears here: {@code api_key_env} names the environment variable that holds
 * it, and each service resolves it from its own environment.
 *
 * @param id             optional label telling apart two configs of the same model (e.g. two temperatures)
 * @param interfaceName  the adapter: {@code openai}, {@code anthropic}, {@code manual}, or one a deployment adds
 * @param maxConcurrency how many calls to this model a service instance makes at once
 * @param prices         US dollars per million input and output tokens; with them every call's usage carries its cost
 * @param agent          set when the model answers as an agent, with tools (docs/agents.md); answering models only
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelConfig(
        String id,
        @JsonProperty("interface") String interfaceName,
        String model,
        String baseUrl,
        String apiKeyEnv,
        Double temperature,
        Integer maxTokens,
        Long seed,
        @JsonDeserialize(using = FlexibleDurationDeserializer.class) Duration timeout,
        Integer maxConcurrency,
        String systemPrompt,
        ModelPrices prices,
        AgentSettings agent) implements Validatable {

    public static final String MANUAL = "manual";
    /**
     * The {@code base_url} that names the scripted demo model (examples/README-demo-format.md):
     * {@code assay run} starts it on this machine and points such a model at it. Nothing else
     * serves it, so a run for a server is rejected when a model names it.
     */
    public static final String DEMO_BASE_URL = "demo";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    public static final int DEFAULT_MAX_CONCURRENCY = 8;

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public ModelConfig {
        if (MANUAL.equals(interfaceName) && (model == null || model.isBlank())) {
            model = MANUAL;
        }
        if (id != null && id.isBlank()) {
            id = null;
        }
    }

    /** A config that is no agent. */
    public ModelConfig(String id, String interfaceName, String model, String baseUrl, String apiKeyEnv, Double temperature,
                       Integer maxTokens, Long seed, Duration timeout, Integer maxConcurrency, String systemPrompt,
                       ModelPrices prices) {
        this(id, interfaceName, model, baseUrl, apiKeyEnv, temperature, maxTokens, seed, timeout, maxConcurrency, systemPrompt,
                prices, null);
    }

    /** A config without prices (cost stays unknown). */
    public ModelConfig(String id, String interfaceName, String model, String baseUrl, String apiKeyEnv, Double temperature,
                       Integer maxTokens, Long seed, Duration timeout, Integer maxConcurrency, String systemPrompt) {
        this(id, interfaceName, model, baseUrl, apiKeyEnv, temperature, maxTokens, seed, timeout, maxConcurrency, systemPrompt, null);
    }

    /** This model at another endpoint (everything else, prices included, kept). */
    public ModelConfig withEndpoint(String newBaseUrl, String newApiKeyEnv) {
        return toBuilder().baseUrl(newBaseUrl).apiKeyEnv(newApiKeyEnv).build();
    }

    /** A config with only the essentials; everything else at its default. */
    public static ModelConfig of(String interfaceName, String model) {
        return builder(interfaceName, model).build();
    }

    /** A config of this adapter and model with every other field unset (at its default). */
    public static Builder builder(String interfaceName, String model) {
        return new Builder().interfaceName(interfaceName).model(model);
    }

    /** A builder holding this config's fields, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().id(id).interfaceName(interfaceName).model(model).baseUrl(baseUrl).apiKeyEnv(apiKeyEnv)
                .temperature(temperature).maxTokens(maxTokens).seed(seed).timeout(timeout)
                .maxConcurrency(maxConcurrency).systemPrompt(systemPrompt).prices(prices).agent(agent);
    }

    /** {@code interface:model}, or {@code interface:model:id} when an id is set: what results are keyed by. */
    @JsonIgnore
    public String canonicalKey() {
        return interfaceName + ":" + model + (id == null ? "" : ":" + id);
    }

    @JsonIgnore
    public Duration effectiveTimeout() {
        return timeout == null ? DEFAULT_TIMEOUT : timeout;
    }

    @JsonIgnore
    public int effectiveMaxConcurrency() {
        return maxConcurrency == null ? DEFAULT_MAX_CONCURRENCY : maxConcurrency;
    }

    /** Whether the model is the scripted demo model ({@code base_url: demo}), not a real one. */
    @JsonIgnore
    public boolean isDemo() {
        return DEMO_BASE_URL.equals(baseUrl);
    }

    /** Whether the model answers as an agent, with tools. */
    @JsonIgnore
    public boolean isAgent() {
        return agent != null;
    }

    @JsonIgnore
    public boolean isManual() {
        return MANUAL.equals(interfaceName);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "interface"), interfaceName);
        if (problems.require(Problems.field(path, "model"), model) && interfaceName != null
                && canonicalKey().length() > Problems.MAX_NAME_LENGTH) {
            // results are keyed by interface:model[:id]
            problems.add(path, "its key (interface:model:id) is " + canonicalKey().length() + " characters long; at most "
                    + Problems.MAX_NAME_LENGTH + " fit the result store");
        }
        if (baseUrl != null && !isDemo() && !Problems.isHttpUrl(baseUrl)) {
            problems.add(Problems.field(path, "base_url"), "must be an http(s) URL (or " + DEMO_BASE_URL
                    + ", for the scripted demo model), got \"" + baseUrl + "\"");
        }
        if (apiKeyEnv != null && !ENV_NAME.matcher(apiKeyEnv).matches()) {
            // Never echo the value: it may be the key itself pasted in the wrong place.
            problems.add(Problems.field(path, "api_key_env"),
                    "must name an environment variable (letters, digits, underscores), not hold the key itself");
        }
        if (temperature != null && (temperature < 0 || temperature > 2)) {
            problems.add(Problems.field(path, "temperature"), "must be between 0 and 2, got " + temperature);
        }
        if (maxTokens != null && maxTokens < 1) {
            problems.add(Problems.field(path, "max_tokens"), "must be at least 1, got " + maxTokens);
        }
        if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
            problems.add(Problems.field(path, "timeout"), "must be positive");
        }
        if (maxConcurrency != null && maxConcurrency < 1) {
            problems.add(Problems.field(path, "max_concurrency"), "must be at least 1, got " + maxConcurrency);
        }
        if (prices != null) {
            prices.validate(Problems.field(path, "prices"), problems);
        }
        if (agent != null) {
            if (isManual()) {
                problems.add(Problems.field(path, "agent"), "a manual model answers with recorded text; it runs no agent");
            }
            agent.validate(Problems.field(path, "agent"), problems);
        }
    }

    /** Builds a config field by field; {@link #build} runs the record's constructor. Unset fields stay null. */
    public static final class Builder {
        private String id;
        private String interfaceName;
        private String model;
        private String baseUrl;
        private String apiKeyEnv;
        private Double temperature;
        private Integer maxTokens;
        private Long seed;
        private Duration timeout;
        private Integer maxConcurrency;
        private String systemPrompt;
        private ModelPrices prices;
        private AgentSettings agent;

        private Builder() {
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder interfaceName(String interfaceName) {
            this.interfaceName = interfaceName;
            return this;
        }

        public Builder model(String model) {
            this.model = model;
            return this;
        }

        public Builder baseUrl(String baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        public Builder apiKeyEnv(String apiKeyEnv) {
            this.apiKeyEnv = apiKeyEnv;
            return this;
        }

        public Builder temperature(Double temperature) {
            this.temperature = temperature;
            return this;
        }

        public Builder maxTokens(Integer maxTokens) {
            this.maxTokens = maxTokens;
            return this;
        }

        public Builder seed(Long seed) {
            this.seed = seed;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public Builder maxConcurrency(Integer maxConcurrency) {
            this.maxConcurrency = maxConcurrency;
            return this;
        }

        public Builder systemPrompt(String systemPrompt) {
            this.systemPrompt = systemPrompt;
            return this;
        }

        public Builder prices(ModelPrices prices) {
            this.prices = prices;
            return this;
        }

        public Builder agent(AgentSettings agent) {
            this.agent = agent;
            return this;
        }

        public ModelConfig build() {
            return new ModelConfig(id, interfaceName, model, baseUrl, apiKeyEnv, temperature, maxTokens, seed, timeout,
                    maxConcurrency, systemPrompt, prices, agent);
        }
    }
}
