package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * How nuggets are judged (run config {@code nugget_evaluation}).
 *
 * @param windowSize   at most this many nuggets per judge call (default 10)
 * @param promptStyle  the prompt template (default {@code short_cot})
 * @param outputFormat the answer format asked for (default {@code json})
 * @param perPassage   also label every nugget against each of the question's passages (default off)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NuggetSettings(Integer windowSize, NuggetPromptStyle promptStyle, NuggetOutputFormat outputFormat,
                             Boolean perPassage) implements Validatable {

    public static final int DEFAULT_WINDOW = 10;
    public static final int MAX_WINDOW = 100;
    public static final NuggetSettings DEFAULTS = new NuggetSettings(null, null, null, null);

    @JsonIgnore
    public int effectiveWindowSize() {
        return windowSize == null ? DEFAULT_WINDOW : windowSize;
    }

    @JsonIgnore
    public NuggetPromptStyle effectivePromptStyle() {
        return promptStyle == null ? NuggetPromptStyle.SHORT_COT : promptStyle;
    }

    @JsonIgnore
    public NuggetOutputFormat effectiveOutputFormat() {
        return outputFormat == null ? NuggetOutputFormat.JSON : outputFormat;
    }

    @JsonIgnore
    public boolean isPerPassage() {
        return Boolean.TRUE.equals(perPassage);
    }

    @Override
    public void validate(String path, Problems problems) {
        if (windowSize != null && (windowSize < 1 || windowSize > MAX_WINDOW)) {
            problems.add(Problems.field(path, "window_size"), "must be between 1 and " + MAX_WINDOW + ", got " + windowSize);
        }
    }
}
