package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What deep judgment did for one rubric trait: the quotes found in the response, the reasoning
 * the score was extracted from, and whether the trait was left without a valid excerpt (which
 * auto-fails the result, as in Karenina).
 *
 * @param excerpts        the quotes found in the response, each with its similarity
 * @param reasoning       the judge's reasoning about the trait, from the excerpts
 * @param withoutExcerpts true when no quote was found in the response after every retry
 * @param modelCalls      the deep-judgment calls for this trait (excerpt attempts, reasoning, score)
 * @param excerptRetries  excerpt calls repeated because a quote was not in the response
 * @param hallucinationRisk the highest risk of the excerpts, when the trait's search ran ({@code none} … {@code high})
 * @param searchFailure   why the search tool gave nothing, when it failed
 * @param excerptsUsed    false when the trait was reasoned from the whole response (its {@code excerpt_enabled: false})
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitDeepJudgment(List<Excerpt> excerpts, String reasoning, boolean withoutExcerpts, int modelCalls, int excerptRetries,
                                String hallucinationRisk, String searchFailure, Boolean excerptsUsed) {
    public TraitDeepJudgment {
        excerpts = excerpts == null ? List.of() : List.copyOf(excerpts);
    }

    public TraitDeepJudgment(List<Excerpt> excerpts, String reasoning, boolean withoutExcerpts, int modelCalls, int excerptRetries) {
        this(excerpts, reasoning, withoutExcerpts, modelCalls, excerptRetries, null, null, null);
    }
}
