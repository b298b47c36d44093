package dev.assay.common.prompt.judge;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;
import java.util.Map;

/**
 * The prompts of the LLM-judged trait calls: boolean and score traits ("LLM traits", asked
 * together) and literal traits, each in a batched and a one-trait version. The user message is the
 * same for all four: the question, the response, and the traits with what their value must be.
 */
public final class TraitPrompt {

    private static final String JUDGE_AS_WRITTEN = "Judge the response only as written: do not use outside knowledge to "
            + "fill in what it leaves out";
    private static final String INDEPENDENTLY = ", and do not let one trait's answer influence another's. Answer every "
            + "trait, under its name exactly as given.";
    private static final String LLM_VALUES = "then give its value: for a true-or-false trait, true when the response has "
            + "the trait and false when it does not; for a score trait, the whole number within its range that fits best "
            + "(the trait says whether higher or lower is better).";

    /** Boolean and score traits, all in one call. */
    public static final String LLM_BATCH = """
            You evaluate a model's response to a question against a list of traits. You receive the question, \
            the response and the traits. Each trait is either a yes-or-no question about the response (marked \
            "true or false") or a quality to rate with a whole number in the range given (marked "score").

            For every trait, first write a short reasoning (one or two sentences) on what in the response \
            decides it, %s %s%s""".formatted(LLM_VALUES, JUDGE_AS_WRITTEN, INDEPENDENTLY);

    /** One boolean or score trait. */
    public static final String LLM_SINGLE = """
            You evaluate a model's response to a question against one trait. You receive the question, the \
            response and the trait. The trait is either a yes-or-no question about the response (marked \
            "true or false") or a quality to rate with a whole number in the range given (marked "score").

            First write a short reasoning (one or two sentences) on what in the response decides it, %s %s."""
            .formatted(LLM_VALUES, JUDGE_AS_WRITTEN);

    /** Literal traits, all in one call. */
    public static final String LITERAL_BATCH = """
            You classify a model's response to a question on a list of traits. You receive the question, the \
            response and the traits; each trait lists its classes, each with a description.

            For every trait, first write a short reasoning (one or two sentences) on what in the response \
            decides it, then pick the one class whose description fits the response best, by its name exactly \
            as given. %s%s""".formatted(JUDGE_AS_WRITTEN, INDEPENDENTLY);

    /** One literal trait. */
    public static final String LITERAL_SINGLE = """
            You classify a model's response to a question on one trait. You receive the question, the response \
            and the trait, which lists its classes, each with a description.

            First write a short reasoning (one or two sentences) on what in the response decides it, then pick \
            the one class whose description fits the response best, by its name exactly as given. %s."""
            .formatted(JUDGE_AS_WRITTEN);

    private TraitPrompt() {
    }

    /** The user message of a batched call. */
    public static String batch(String question, String response, List<RubricTrait> traits) {
        return user(question, response, traits, "traits");
    }

    /** The user message of a one-trait call. */
    public static String single(String question, String response, RubricTrait trait) {
        return user(question, response, List.of(trait), "trait");
    }

    private static String user(String question, String response, List<RubricTrait> traits, String tag) {
        StringBuilder text = new StringBuilder()
                .append("<question>\n").append(strip(question)).append("\n</question>\n\n")
                .append("<response>\n").append(strip(response)).append("\n</response>\n\n")
                .append('<').append(tag).append(">\n");
        for (RubricTrait trait : traits) {
            text.append("- ").append(trait.name()).append(" (").append(TraitAnswer.of(trait).describe()).append("): ")
                    .append(strip(trait.description())).append('\n');
            if (trait.classes() != null) {
                for (Map.Entry<String, String> literalClass : trait.classes().entrySet()) {
                    text.append("  - ").append(literalClass.getKey()).append(": ").append(strip(literalClass.getValue())).append('\n');
                }
            }
        }
        return text.append("</").append(tag).append('>').toString();
    }

    static String strip(String text) {
        return text == null ? "" : text.strip();
    }
}
