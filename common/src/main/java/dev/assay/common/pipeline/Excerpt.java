package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * A passage a deep-judgment judge quoted from the response as evidence for one attribute or trait.
 *
 * @param text              the quote as the judge gave it
 * @param confidence        how directly it supports the value: {@code high}, {@code medium} or {@code low}
 * @param similarityScore   the share of the quote found verbatim in the response (whitespace normalized), 0 to 1
 * @param hallucinationRisk the risk that the quoted claim is made up, when search assessed it: {@code none} … {@code high}
 * @param riskJustification why the assessor gave that risk
 * @param searchResults     what the search tool returned for the quote, when search ran (empty: nothing found)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Excerpt(String text, String confidence, double similarityScore, String hallucinationRisk, String riskJustification,
                      List<SearchResult> searchResults) {
    public Excerpt {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("an excerpt needs its text");
        }
        searchResults = searchResults == null ? null : List.copyOf(searchResults);
    }

    public Excerpt(String text, String confidence, double similarityScore) {
        this(text, confidence, similarityScore, null, null, null);
    }

    public Excerpt withRisk(String risk, String justification) {
        return new Excerpt(text, confidence, similarityScore, risk, justification, searchResults);
    }

    public Excerpt withSearchResults(List<SearchResult> results) {
        return new Excerpt(text, confidence, similarityScore, hallucinationRisk, riskJustification, results);
    }
}
