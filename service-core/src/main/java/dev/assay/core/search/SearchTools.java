package dev.assay.core.search;

import dev.assay.common.run.SearchToolSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The search tools a stage can open, by {@code search_tool.kind}: every {@link SearchToolFactory} bean. */
@ApplicationScoped
public class SearchTools {

    /** No factories: every open fails (stages built outside a container, which never search). */
    public static final SearchTools NONE = new SearchTools(List.of());

    private final Map<SearchToolSettings.Kind, SearchToolFactory> factories = new EnumMap<>(SearchToolSettings.Kind.class);

    @Inject
    public SearchTools(Instance<SearchToolFactory> factories) {
        this(factories.stream().toList());
    }

    public SearchTools(List<SearchToolFactory> factories) {
        factories.forEach(factory -> this.factories.put(factory.kind(), factory));
    }

    /** @throws SearchFailedException when no factory serves the kind, or the tool cannot be opened */
    public SearchTool open(SearchToolSettings settings) {
        SearchToolFactory factory = factories.get(settings.kind());
        if (factory == null) {
            throw new SearchFailedException("no search tool of kind " + settings.kind().wireName() + " is installed in this service");
        }
        return factory.open(settings);
    }
}
