package dev.assay.common.prompt.rag;

/** A variant added through META-INF/services, as a deployment would. */
public final class ShoutingVariant implements PromptVariant {

    @Override
    public String name() {
        return "shouting";
    }

    @Override
    public boolean numbersPassages() {
        return true;
    }

    @Override
    public String render(String question, JoinedContext context) {
        return RagSections.compose(context, question, "ANSWER LOUDLY.");
    }
}
