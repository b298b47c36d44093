package dev.assay.common.prompt.rag;

/**
 * One way of asking a question over retrieved passages (run config {@code rag.variant}).
 * Built-ins are in {@link PromptVariants}; a deployment adds its own through
 * {@code META-INF/services/dev.assay.common.prompt.rag.PromptVariant}.
 *
 * <p>A variant should build its text with {@link RagSections#compose}, so every variant has the
 * same layout and ends with the same {@link RagSections#DEFENCE_CLAUSE}.
 */
public interface PromptVariant {

    /** The name used in {@code rag.variant}: lower case, words joined by {@code _}. */
    String name();

    /** Whether passages are labelled {@code [P1]} … when the run config leaves {@code rag.numbered} unset. */
    boolean numbersPassages();

    /**
     * Whether the variant's instructions refer to passage labels, so {@code rag.numbered: false}
     * would contradict them (checked when the run is submitted).
     */
    default boolean needsNumbers() {
        return false;
    }

    /** The user text asking {@code question} (not blank) over {@code context}. */
    String render(String question, JoinedContext context);
}
