package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One item a search tool returned for a deep-judgment excerpt: what the hallucination assessor
 * compared the excerpt with.
 *
 * @param title   the page's title, when the tool gave one
 * @param url     where it came from, when the tool gave it
 * @param content the text of the result
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchResult(String title, String url, String content) {
    public SearchResult {
        content = content == null ? "" : content;
    }
}
