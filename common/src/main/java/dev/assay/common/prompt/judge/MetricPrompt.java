package dev.assay.common.prompt.judge;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;

/**
 * The prompt of a metric trait's call (task {@code rubric_metric_trait}). Instructions are
 * numbered from 1 in each list and the judge answers with the numbers, not the wording, so its
 * answer maps back to the instructions exactly.
 */
public final class MetricPrompt {

    public static final String SHOULD_CONTAIN = "should_contain";
    public static final String SHOULD_NOT_CONTAIN = "should_not_contain";

    private static final String AS_WRITTEN = "Start with a short reasoning. Judge the response only as written: do not use "
            + "outside knowledge to fill in what it leaves out.";

    /** {@code tp_only}: what the response should contain, and what else it says. */
    public static final String TP_ONLY = """
            You check a model's response to a question against a list of instructions: things the response \
            should contain. You receive the question, the response and the instructions, numbered from 1 \
            under <should_contain>.

            Classify every instruction exactly once, by its number: under "satisfied" when the response \
            contains what it asks for, under "missed" when it does not. Then list under "unmatched_statements" \
            every statement of the response that matches none of the instructions, quoted or briefly \
            paraphrased (an empty list when there is none). %s""".formatted(AS_WRITTEN);

    /** {@code full_matrix}: what the response should contain and what it should not. */
    public static final String FULL_MATRIX = """
            You check a model's response to a question against two lists of instructions: things the \
            response should contain, numbered from 1 under <should_contain>, and things it should not \
            contain, numbered from 1 under <should_not_contain>.

            Classify every instruction exactly once, by its number. A <should_contain> instruction goes under \
            "satisfied" when the response contains what it asks for, under "missed" when it does not. A \
            <should_not_contain> instruction goes under "violated" when the response contains what it rules \
            out, under "respected" when it does not. %s""".formatted(AS_WRITTEN);

    private MetricPrompt() {
    }

    public static String system(RubricTrait trait) {
        return trait.isFullMatrix() ? FULL_MATRIX : TP_ONLY;
    }

    public static String user(String question, String response, RubricTrait trait) {
        StringBuilder text = new StringBuilder()
                .append("<question>\n").append(strip(question)).append("\n</question>\n\n")
                .append("<response>\n").append(strip(response)).append("\n</response>\n\n");
        numbered(text, SHOULD_CONTAIN, trait.tpInstructions());
        if (trait.isFullMatrix()) {
            text.append("\n\n");
            numbered(text, SHOULD_NOT_CONTAIN, trait.tnInstructions());
        }
        return text.toString();
    }

    private static void numbered(StringBuilder text, String tag, List<String> instructions) {
        text.append('<').append(tag).append(">\n");
        List<String> list = instructions == null ? List.of() : instructions;
        for (int i = 0; i < list.size(); i++) {
            text.append(i + 1).append(". ").append(strip(list.get(i))).append('\n');
        }
        text.append("</").append(tag).append('>');
    }

    private static String strip(String text) {
        return text == null ? "" : text.strip();
    }
}
