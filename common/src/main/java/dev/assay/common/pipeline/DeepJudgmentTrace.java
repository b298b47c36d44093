package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.run.DeepJudgmentMode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What deep judgment of a template did, for a reader to check the parse against.
 *
 * @param mode                       {@code reasoning_only} or {@code full}
 * @param excerpts                   per attribute, the quotes that were found in the response (empty list: none); null in reasoning_only
 * @param reasoning                  per attribute, the judge's reasoning the parse was made from
 * @param attributesWithoutExcerpts  attributes left with no valid excerpt after every retry (they auto-fail the result)
 * @param hallucinationRisk          per attribute, the highest risk of its excerpts, when search ran
 * @param stagesCompleted            in order: {@code excerpts}, {@code hallucination}, {@code reasoning}, {@code parameters}
 * @param modelCalls                 the deep-judgment calls made (excerpt attempts, assessments, reasoning and the parse)
 * @param excerptRetries             excerpt calls repeated because a quote was not in the response
 * @param searchFailure              why the search tool gave nothing, when it failed (the excerpts then go unassessed)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeepJudgmentTrace(DeepJudgmentMode mode, Map<String, List<Excerpt>> excerpts, Map<String, String> reasoning,
                                List<String> attributesWithoutExcerpts, Map<String, String> hallucinationRisk,
                                List<String> stagesCompleted, int modelCalls, int excerptRetries, String searchFailure) {
    public DeepJudgmentTrace {
        excerpts = excerpts == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(excerpts));
        reasoning = reasoning == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(reasoning));
        attributesWithoutExcerpts = attributesWithoutExcerpts == null ? List.of() : List.copyOf(attributesWithoutExcerpts);
        hallucinationRisk = hallucinationRisk == null || hallucinationRisk.isEmpty() ? null
                : Collections.unmodifiableMap(new LinkedHashMap<>(hallucinationRisk));
        stagesCompleted = stagesCompleted == null ? List.of() : List.copyOf(stagesCompleted);
    }

    public DeepJudgmentTrace(DeepJudgmentMode mode, Map<String, List<Excerpt>> excerpts, Map<String, String> reasoning,
                             List<String> attributesWithoutExcerpts, Map<String, String> hallucinationRisk,
                             List<String> stagesCompleted, int modelCalls, int excerptRetries) {
        this(mode, excerpts, reasoning, attributesWithoutExcerpts, hallucinationRisk, stagesCompleted, modelCalls, excerptRetries, null);
    }
}
