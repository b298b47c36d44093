package dev.assay.rubric.service.trait;

import dev.assay.common.benchmark.RubricTrait;

import java.util.List;

/** The batched boolean-trait call: one judge call answers yes or no for every boolean trait of the question. */
public final class BooleanTraitPrompt {

    public static final String SYSTEM = """
            You evaluate a model's response to a question against a list of traits. Each trait is a \
            yes-or-no question about the response. You receive the question, the response and the traits.

            For every trait, answer true when the response has the trait and false when it does not. \
            Judge the response only as written: do not use outside knowledge to fill in what it leaves \
            out, and do not let one trait's answer influence another's. Answer every trait, under its \
            name exactly as given.""";

    private BooleanTraitPrompt() {
    }

    public static String user(String question, String response, List<RubricTrait> traits) {
        StringBuilder text = new StringBuilder()
                .append("<question>\n").append(strip(question)).append("\n</question>\n\n")
                .append("<response>\n").append(strip(response)).append("\n</response>\n\n")
                .append("<traits>\n");
        for (RubricTrait trait : traits) {
            text.append("- ").append(trait.name()).append(": ").append(strip(trait.description())).append('\n');
        }
        return text.append("</traits>").toString();
    }

    private static String strip(String text) {
        return text == null ? "" : text.strip();
    }
}
