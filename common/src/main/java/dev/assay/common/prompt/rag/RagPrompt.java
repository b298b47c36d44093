package dev.assay.common.prompt.rag;

import dev.assay.common.benchmark.Passage;
import dev.assay.common.run.RagSettings;

import java.util.List;

/**
 * The user text that asks a question over retrieved passages, rendered by the run's prompt
 * variant (docs/prompts.md). PLACEHOLDER until the variant registry lands.
 */
public final class RagPrompt {

    private RagPrompt() {
    }

    /**
     * The user text asking {@code question} over {@code passages}. Throws
     * {@link IllegalArgumentException} for an empty question or an unknown variant, naming the valid ones.
     */
    public static String render(String question, List<Passage> passages, RagSettings settings) {
        StringBuilder text = new StringBuilder();
        for (Passage passage : passages) {
            text.append("<passage>\n[source: ").append(passage.source()).append("]\n").append(passage.content()).append("\n</passage>\n\n");
        }
        return text.append(question).toString();
    }
}
