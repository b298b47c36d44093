package dev.assay.core.search;

import dev.assay.common.pipeline.SearchResult;

import java.util.List;

/**
 * A search a deep-judgment stage checks excerpts against, open for one record's work (an MCP
 * server stays connected until {@link #close}).
 */
public interface SearchTool extends AutoCloseable {

    /**
     * What the tool found for {@code query}.
     *
     * @throws SearchFailedException when the search cannot be made; its message names the tool and the problem, never a secret
     */
    List<SearchResult> search(String query);

    @Override
    void close();
}
