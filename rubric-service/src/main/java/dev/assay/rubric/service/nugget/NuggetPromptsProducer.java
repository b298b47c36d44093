package dev.assay.rubric.service.nugget;

import dev.assay.common.nugget.NuggetPrompts;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The nugget prompts (common, so the CLI renders them too), loaded once at startup: a missing or
 * broken template file fails the service's start, naming the file.
 */
public class NuggetPromptsProducer {

    @Produces
    @Singleton
    NuggetPrompts nuggetPrompts() {
        return new NuggetPrompts();
    }
}
