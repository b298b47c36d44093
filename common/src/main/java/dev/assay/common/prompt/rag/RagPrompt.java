package dev.assay.common.prompt.rag;

import dev.assay.common.benchmark.Passage;
import dev.assay.common.prompt.rag.RagSettings;

import java.util.List;

/**
 * The user text that asks a question over retrieved passages: the passages joined within the
 * budget ({@link ContextJoiner}), then rendered by the run's prompt variant ({@link PromptVariants}).
 * docs/prompts.md describes the format.
 */
public final class RagPrompt {

    /**
     * @param text    the user text
     * @param context the joined passages, with which went in whole, cut or not at all (for reports)
     */
    public record Rendered(String text, JoinedContext context) {
    }

    private RagPrompt() {
    }

    /**
     * The user text asking {@code question} over {@code passages}. Throws
     * {@link IllegalArgumentException} for an empty question or an unknown variant, naming the valid ones.
     */
    public static String render(String question, List<Passage> passages, RagSettings settings) {
        return build(question, passages, settings).text();
    }

    /** As {@link #render}, keeping the joined context so a caller can report what the model saw. */
    public static Rendered build(String question, List<Passage> passages, RagSettings settings) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException("the question text is empty: a retrieval-augmented prompt needs a question to ask");
        }
        RagSettings rag = settings == null ? RagSettings.DEFAULTS : settings;
        PromptVariant variant = PromptVariants.global().require(rag.effectiveVariant());
        boolean numbered = rag.numbered() == null ? variant.numbersPassages() : rag.numbered();
        JoinedContext context = ContextJoiner.join(passages == null ? List.of() : passages, rag.effectiveBudget(), numbered);
        return new Rendered(variant.render(question, context), context);
    }
}
