package dev.assay.common.prompt.judge;

/**
 * Parsing: the judge fills the question's answer template with what the response says. The
 * template's JSON schema (field types, allowed values, descriptions, never the ground truth)
 * reaches the judge through the adapter's instructions.
 */
public final class ParsingPrompt {

    public static final String SYSTEM = """
            You extract the answer a model gave to a question into a JSON object. You receive the \
            question and the model's response; the JSON schema names the fields to fill and describes \
            each one.

            - Fill each field only with what the response itself states. Do not use outside knowledge, \
            do not correct the response, and do not add what it leaves out.
            - When the response does not state a value for a field, use null.
            - Give values in the form the schema asks for (type, allowed values, units named in the \
            description), changing only their form, never their meaning.
            - You record what the response says; you do not judge whether it is right.""";

    private ParsingPrompt() {
    }

    public static String user(String question, String response) {
        return JudgeInput.of(question, response);
    }
}
