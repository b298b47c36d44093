package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The nugget evaluation of one response (docs/nuggets.md).
 *
 * @param nuggets  every nugget with its label; the label is null where the judge's answer could not be read
 * @param scores   the recall figures; null when any nugget has no label (never padded)
 * @param windows  one parse report per judge call, in order
 * @param passages per passage, when nuggets were also judged against each passage
 * @param error    why the nuggets could not be scored in full, when they could not
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NuggetOutcome(List<NuggetJudgement> nuggets, NuggetScores scores, List<NuggetWindow> windows,
                            List<PassageSupport> passages, String error) {
    public NuggetOutcome {
        nuggets = nuggets == null ? List.of() : List.copyOf(nuggets);
        windows = windows == null ? List.of() : List.copyOf(windows);
        passages = passages == null ? null : List.copyOf(passages);
    }
}
