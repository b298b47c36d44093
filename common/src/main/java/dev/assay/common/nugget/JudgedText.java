package dev.assay.common.nugget;

/**
 * What the nuggets are judged against: the response, or one retrieved passage.
 *
 * @param passage the passage's source; null for the response
 * @param text    the response or the passage's content
 */
public record JudgedText(String passage, String text) {

    public JudgedText {
        text = text == null ? "" : text;
    }

    public static JudgedText response(String text) {
        return new JudgedText(null, text);
    }

    public static JudgedText passage(String source, String content) {
        return new JudgedText(source, content);
    }

    public boolean isPassage() {
        return passage != null;
    }

    /** How the prompt names it: {@code response} or {@code passage}. */
    public String subject() {
        return isPassage() ? "passage" : "response";
    }

    /** For error messages: {@code the response} or {@code passage "doc-7"}. */
    public String describe() {
        return isPassage() ? "passage \"" + passage + "\"" : "the response";
    }
}
