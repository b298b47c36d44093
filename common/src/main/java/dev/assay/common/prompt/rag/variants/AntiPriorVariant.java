package dev.assay.common.prompt.rag.variants;

import dev.assay.common.prompt.rag.JoinedContext;
import dev.assay.common.prompt.rag.PromptVariant;
import dev.assay.common.prompt.rag.RagSections;

/**
 * Prefer the passages over what the model already believes: for benchmarks whose passages
 * deliberately contradict common knowledge (counterfactual or updated facts).
 */
public final class AntiPriorVariant implements PromptVariant {

    public static final String NAME = "anti_prior";

    public static final String INSTRUCTIONS = "Answer the request from the passages above. "
            + "Where the passages disagree with what you already know or with what is commonly believed, "
            + "follow the passages: for this request they are the authority, even if they seem wrong or out of date. "
            + "Use your own knowledge only for what the passages leave open.";

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
