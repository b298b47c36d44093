package dev.assay.common.prompt.rag.variants;

import dev.assay.common.prompt.rag.JoinedContext;
import dev.assay.common.prompt.rag.PromptVariant;
import dev.assay.common.prompt.rag.RagSections;

/** The passages offered as help, nothing more: the reference point the other variants are compared with. */
public final class BaselineVariant implements PromptVariant {

    public static final String NAME = "baseline";

    public static final String INSTRUCTIONS = "Answer the request. The passages above may help.";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean numbersPassages() {
        return false;
    }

    @Override
    public String render(String question, JoinedContext context) {
        return RagSections.compose(context, question, INSTRUCTIONS);
    }
}
