package dev.assay.common.prompt.rag.variants;

import dev.assay.common.prompt.rag.JoinedContext;
import dev.assay.common.prompt.rag.PromptVariant;
import dev.assay.common.prompt.rag.RagSections;

/** Answer from the passages and cite them by label, so attribution can be checked against [Pn]. */
public final class CitationVariant implements PromptVariant {

    public static final String NAME = "citation";

    public static final String INSTRUCTIONS = "Answer the request using the passages above. "
            + "After each statement that relies on a passage, cite it by its label in square brackets, "
            + "for example [P1]; cite several passages as [P1][P3]. "
            + "Cite only passages that support the statement, and do not invent labels.";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean numbersPassages() {
        return true;
    }

    /** The instructions name [Pn] labels: without them the model could only invent citations. */
    @Override
    public boolean needsNumbers() {
        return true;
    }

    @Override
    public String render(String question, JoinedContext context) {
        return RagSections.compose(context, question, INSTRUCTIONS);
    }
}
