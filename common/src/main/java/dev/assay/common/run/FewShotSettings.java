package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.List;

/**
 * Few-shot examples from the run config (docs/prompts.md): a pool, and which of it each question gets.
 *
 * @param mode     {@code all} (default), {@code k_shot} (k examples drawn with {@code seed}, per question), or {@code ids}
 * @param examples the pool
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FewShotSettings(String mode, Integer k, Long seed, List<String> ids, List<FewShotExample> examples)
        implements Validatable {

    public static final String ALL = "all";
    public static final String K_SHOT = "k_shot";
    public static final String IDS = "ids";
    public static final List<String> MODES = List.of(ALL, K_SHOT, IDS);

    public FewShotSettings {
        ids = ids == null ? List.of() : List.copyOf(ids);
        examples = examples == null ? List.of() : List.copyOf(examples);
    }

    public String effectiveMode() {
        return mode == null ? ALL : mode;
    }

    @Override
    public void validate(String path, Problems problems) {
        // filled in by the few-shot work (FewShotSelection): mode, k, ids against the pool
    }
}
