package dev.assay.common.prompt.judge;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;

/** The presence check's prompt (task {@code rubric_dynamic_presence_check}): the response and every dynamic trait's concept. */
public final class PresencePrompt {

    public static final String SYSTEM = """
            You decide which concepts a model's response to a question is about. You receive the question, \
            the response and a list of concepts, each under a name.

            For every concept, answer true when the response is about it or clearly contains it, and false \
            when it does not (a passing word that the response does not go into is not enough). Judge the \
            response only as written, and each concept on its own. Answer every concept, under its name \
            exactly as given.""";

    private PresencePrompt() {
    }

    public static String user(String question, String response, List<RubricTrait> dynamicTraits) {
        StringBuilder text = new StringBuilder()
                .append("<question>\n").append(strip(question)).append("\n</question>\n\n")
                .append("<response>\n").append(strip(response)).append("\n</response>\n\n")
                .append("<concepts>\n");
        for (RubricTrait trait : dynamicTraits) {
            text.append("- ").append(trait.name()).append(": ").append(strip(trait.concept())).append('\n');
        }
        return text.append("</concepts>").toString();
    }

    private static String strip(String text) {
        return text == null ? "" : text.strip();
    }
}
