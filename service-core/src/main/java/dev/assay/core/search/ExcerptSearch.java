package dev.assay.core.search;

import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.run.SearchToolSettings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep judgment's search step, shared by the template and rubric stages (Karenina's search
 * enhancement): every excerpt is searched for with its own text as the query, and comes back
 * carrying what was found. A tool that cannot be opened or a search that fails leaves the excerpts
 * as they were and says why: risk is advice, it never fails a result, so neither does its absence.
 */
public final class ExcerptSearch {

    /** The excerpts, each with its search results when the search ran; {@code failure} says why it did not. */
    public record Searched(Map<String, List<Excerpt>> excerpts, String failure) {
        public boolean searched() {
            return failure == null;
        }
    }

    private ExcerptSearch() {
    }

    /** Searches every excerpt of {@code excerpts} (per attribute or trait) with the tool {@code settings} describes. */
    public static Searched search(SearchTools tools, SearchToolSettings settings, Map<String, List<Excerpt>> excerpts) {
        if (settings == null) {
            // a trait of the benchmark may ask for search in a run that names no tool
            return new Searched(excerpts, "search was asked for, but the run config sets no deep_judgment.search_tool");
        }
        try (SearchTool tool = tools.open(settings)) {
            Map<String, List<Excerpt>> searched = new LinkedHashMap<>();
            for (Map.Entry<String, List<Excerpt>> entry : excerpts.entrySet()) {
                List<Excerpt> list = new ArrayList<>();
                for (Excerpt excerpt : entry.getValue()) {
                    list.add(excerpt.withSearchResults(tool.search(excerpt.text())));
                }
                searched.put(entry.getKey(), list);
            }
            return new Searched(searched, null);
        } catch (SearchFailedException e) {
            return new Searched(excerpts, e.getMessage());
        }
    }
}
