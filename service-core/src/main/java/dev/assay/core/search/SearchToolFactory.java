package dev.assay.core.search;

import dev.assay.common.run.SearchToolSettings;

/** Opens search tools of one kind; {@link SearchTools} finds factories by kind (an open registry of CDI beans). */
public interface SearchToolFactory {

    SearchToolSettings.Kind kind();

    /** @throws SearchFailedException when the tool cannot be opened (a missing key, an MCP server that does not start) */
    SearchTool open(SearchToolSettings settings);
}
