package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * The embedding check (Karenina's stage 9, run config {@code embedding_check}): when a parsed answer
 * fails its template's fields, the parse and the ground truth are compared by embedding similarity
 * through an OpenAI-compatible {@code /embeddings} endpoint; at or above the threshold (and, by
 * default, when the judge confirms they mean the same), the field failure is overridden.
 *
 * @param enabled          run the check (default false)
 * @param model            the embedding model the endpoint serves (default Karenina's {@code all-MiniLM-L6-v2})
 * @param threshold        cosine similarity at or above which the answers count as close (default 0.85, Karenina's)
 * @param confirmWithJudge ask the judge whether the two are equivalent before overriding (default true, as Karenina)
 * @param baseUrl          the endpoint's base URL, {@code …/v1} (default: the judge's {@code base_url})
 * @param apiKeyEnv        the environment variable holding its key (default: the judge's {@code api_key_env})
 * @param provider         where the embeddings come from: {@code endpoint} (default, the endpoint above) or
 *                         {@code in_process} (all-MiniLM-L6-v2 run inside the parsing service, offline)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EmbeddingCheckSettings(Boolean enabled, String model, Double threshold, Boolean confirmWithJudge, String baseUrl,
                                     String apiKeyEnv, String provider) implements Validatable {

    public static final String ENDPOINT = "endpoint";
    public static final String IN_PROCESS = "in_process";
    private static final java.util.List<String> PROVIDERS = java.util.List.of(ENDPOINT, IN_PROCESS);

    /** Settings with the endpoint provider. */
    public EmbeddingCheckSettings(Boolean enabled, String model, Double threshold, Boolean confirmWithJudge, String baseUrl,
                                  String apiKeyEnv) {
        this(enabled, model, threshold, confirmWithJudge, baseUrl, apiKeyEnv, null);
    }

    /** Whether the embeddings are computed in the parsing service rather than asked of an endpoint. */
    @JsonIgnore
    public boolean inProcess() {
        return IN_PROCESS.equals(provider);
    }

    public static final String DEFAULT_MODEL = "all-MiniLM-L6-v2";
    public static final double DEFAULT_THRESHOLD = 0.85;

    @JsonIgnore
    public boolean isEnabled() {
        return Boolean.TRUE.equals(enabled);
    }

    @JsonIgnore
    public String effectiveModel() {
        return model == null || model.isBlank() ? DEFAULT_MODEL : model;
    }

    @JsonIgnore
    public double effectiveThreshold() {
        return threshold == null ? DEFAULT_THRESHOLD : threshold;
    }

    @JsonIgnore
    public boolean confirms() {
        return !Boolean.FALSE.equals(confirmWithJudge);
    }

    @Override
    public void validate(String path, Problems problems) {
        if (provider != null && !PROVIDERS.contains(provider)) {
            problems.add(Problems.field(path, "provider"), "unknown provider \"" + provider + "\"; use endpoint or in_process");
        } else if (inProcess()) {
            // the one model the service carries; an endpoint's settings would be silently unused
            if (model != null && !model.equalsIgnoreCase(DEFAULT_MODEL) && !model.equalsIgnoreCase("sentence-transformers/" + DEFAULT_MODEL)) {
                problems.add(Problems.field(path, "model"), "provider in_process runs " + DEFAULT_MODEL + " only, got \"" + model
                        + "\"; serve other models through an endpoint");
            }
            for (String unused : java.util.List.of("base_url", "api_key_env")) {
                if ((unused.equals("base_url") ? baseUrl : apiKeyEnv) != null) {
                    problems.add(Problems.field(path, unused), "is not used with provider in_process");
                }
            }
        }
        if (threshold != null && !(threshold > 0 && threshold <= 1)) {
            problems.add(Problems.field(path, "threshold"), "must be above 0 and at most 1 (a cosine similarity), got " + threshold);
        }
        if (baseUrl != null && !Problems.isHttpUrl(baseUrl)) {
            problems.add(Problems.field(path, "base_url"), "must be an http(s) URL, got \"" + baseUrl + "\"");
        }
        if (apiKeyEnv != null && !apiKeyEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            // never echo the value: it may be the key itself
            problems.add(Problems.field(path, "api_key_env"), "must name an environment variable (letters, digits, _), not hold a key");
        }
    }
}
