package dev.assay.common.prompt.rag.variants;

import dev.assay.common.prompt.rag.JoinedContext;
import dev.assay.common.prompt.rag.PromptVariant;
import dev.assay.common.prompt.rag.RagSections;

/**
 * Answer only from the passages, or refuse with a fixed sentence. The sentence is fixed so a
 * trait (a literal or regex check on {@link #REFUSAL}) can count refusals exactly.
 */
public final class StrictVariant implements PromptVariant {

    public static final String NAME = "strict";

    /** What the model is told to reply, word for word, when the passages do not answer the request. */
    public static final String REFUSAL = "The provided passages do not contain the answer.";

    public static final String INSTRUCTIONS = "Answer the request using only information stated in the passages above. "
            + "Do not add facts from your own knowledge. If the passages do not contain the answer, "
            + "reply with exactly this sentence and nothing else: " + REFUSAL;

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
