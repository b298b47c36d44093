package dev.assay.common.prompt.judge;

/**
 * The user text of every judge call in this stage: the question and the response under review,
 * each in its own tag, so the judge never mistakes one for the other or for instructions.
 */
public final class JudgeInput {

    private JudgeInput() {
    }

    public static String of(String question, String response) {
        return "<question>\n" + nullToEmpty(question).strip() + "\n</question>\n\n<response>\n" + nullToEmpty(response).strip()
                + "\n</response>";
    }

    private static String nullToEmpty(String text) {
        return text == null ? "" : text;
    }
}
