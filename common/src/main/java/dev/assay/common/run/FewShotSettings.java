package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.Validatable;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Few-shot examples from the run config (docs/prompts.md): a pool, and which of it each question
 * gets ({@link FewShotSelection}). Only the answering model sees them; judges never do.
 *
 * @param mode     {@code all} (default), {@code k_shot} (k examples drawn with {@code seed}, per question), or {@code ids}
 * @param k        how many examples each question draws ({@code k_shot} only)
 * @param seed     the draw's seed ({@code k_shot} only; default 0)
 * @param ids      the pool examples to show, in this order ({@code ids} only)
 * @param examples the pool
 * @param enabled  false: the answering model sees no examples at all, the questions' own included (default true)
 * @param format   {@code messages} (default): each example a user/assistant pair before the question;
 *                 {@code text}: one user message {@code Question: …\nAnswer: …}, the examples then the
 *                 question, ending in {@code Answer:} (Karenina's layout)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FewShotSettings(String mode, Integer k, Long seed, List<String> ids, List<FewShotExample> examples,
                              Boolean enabled, String format)
        implements Validatable {

    public static final String ALL = "all";
    public static final String K_SHOT = "k_shot";
    public static final String IDS = "ids";
    public static final List<String> MODES = List.of(ALL, K_SHOT, IDS);
    public static final long DEFAULT_SEED = 0L;
    public static final String MESSAGES = "messages";
    public static final String TEXT = "text";
    public static final List<String> FORMATS = List.of(MESSAGES, TEXT);

    /** No pool: what a run without {@code few_shot} uses. */
    public static final FewShotSettings DEFAULTS = new FewShotSettings(null, null, null, null, null, null, null);

    public FewShotSettings {
        ids = ids == null ? List.of() : List.copyOf(ids);
        examples = examples == null ? List.of() : List.copyOf(examples);
    }

    public FewShotSettings(String mode, Integer k, Long seed, List<String> ids, List<FewShotExample> examples) {
        this(mode, k, seed, ids, examples, null, null);
    }

    @JsonIgnore
    public boolean isEnabled() {
        return enabled == null || enabled;
    }

    @JsonIgnore
    public String effectiveFormat() {
        return format == null ? MESSAGES : format;
    }

    @JsonIgnore
    public String effectiveMode() {
        return mode == null ? ALL : mode;
    }

    @JsonIgnore
    public long effectiveSeed() {
        return seed == null ? DEFAULT_SEED : seed;
    }

    @Override
    public void validate(String path, Problems problems) {
        String mode = effectiveMode();
        if (!MODES.contains(mode)) {
            problems.add(Problems.field(path, "mode"), "unknown mode \"" + mode + "\"" + Suggestions.didYouMean(mode, MODES)
                    + "; valid modes: " + String.join(", ", MODES));
        }
        if (!FORMATS.contains(effectiveFormat())) {
            problems.add(Problems.field(path, "format"), "unknown format \"" + format + "\"" + Suggestions.didYouMean(format, FORMATS)
                    + "; valid formats: " + String.join(", ", FORMATS));
        }
        Set<String> poolIds = validatePool(Problems.field(path, "examples"), problems);
        // a setting the mode ignores is almost always a forgotten "mode:", which would silently show the whole pool
        if (K_SHOT.equals(mode)) {
            if (k == null) {
                problems.add(Problems.field(path, "k"), "is required in mode k_shot (how many examples each question gets)");
            } else if (k < 1) {
                problems.add(Problems.field(path, "k"), "must be at least 1, got " + k);
            }
        } else {
            unused(path, "k", k != null, K_SHOT, problems);
            unused(path, "seed", seed != null, K_SHOT, problems);
        }
        if (IDS.equals(mode)) {
            if (ids.isEmpty()) {
                problems.add(Problems.field(path, "ids"), "is required in mode ids (which pool examples to show)");
            }
            validateIds(Problems.field(path, "ids"), poolIds, problems);
        } else {
            unused(path, "ids", !ids.isEmpty(), IDS, problems);
        }
    }

    /** Checks each pool example; returns the pool's ids. */
    private Set<String> validatePool(String examplesPath, Problems problems) {
        Set<String> poolIds = new HashSet<>();
        for (int i = 0; i < examples.size(); i++) {
            String examplePath = Problems.index(examplesPath, i);
            FewShotExample example = examples.get(i);
            if (example == null) {
                problems.add(examplePath, "is empty");
                continue;
            }
            example.validate(examplePath, problems);
            if (example.id() != null && !poolIds.add(example.id())) {
                problems.add(Problems.field(examplePath, "id"), "\"" + example.id() + "\" is used by an earlier example in the pool");
            }
        }
        return poolIds;
    }

    private void validateIds(String idsPath, Set<String> poolIds, Problems problems) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            String idPath = Problems.index(idsPath, i);
            if (id == null || id.isBlank()) {
                problems.add(idPath, "is empty");
            } else if (!poolIds.contains(id)) {
                problems.add(idPath, "no example in the pool has id \"" + id + "\"" + Suggestions.didYouMean(id, poolIds)
                        + (poolIds.isEmpty() ? "; the pool has no ids" : "; pool ids: " + String.join(", ", poolIds.stream().sorted().toList())));
            } else if (!seen.add(id)) {
                problems.add(idPath, "\"" + id + "\" is listed twice");
            }
        }
    }

    private static void unused(String path, String field, boolean set, String usedIn, Problems problems) {
        if (set) {
            problems.add(Problems.field(path, field), "is only used in mode " + usedIn + " (set mode: " + usedIn + ", or remove it)");
        }
    }
}
