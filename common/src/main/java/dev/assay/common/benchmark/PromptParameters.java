package dev.assay.common.benchmark;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills {@code {name}} placeholders from a question's {@code prompt_parameters} (docs/prompts.md).
 * A placeholder is a name in braces, the name an identifier; {@code {{} and {@code }}} stand for
 * literal braces. Any other brace is kept as written, so text about JSON or code stays readable
 * without escaping every brace; only an identifier in single braces is ever replaced.
 *
 * <p>Only system and user messages are filled: assistant messages are what a model said (or a
 * fixed earlier answer), and filling them would rewrite the record.
 */
public final class PromptParameters {

    /** {@code {{}, {@code }}} or a placeholder; scanned left to right so {@code {{a}}} is the literal {@code {a}}. */
    private static final Pattern TOKEN = Pattern.compile("\\{\\{|}}|\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private PromptParameters() {
    }

    /**
     * {@code text} with every placeholder replaced and escapes resolved.
     *
     * @throws IllegalArgumentException naming the first placeholder without a value
     */
    public static String fill(String text, Map<String, String> parameters) {
        if (text == null) {
            return null;
        }
        Matcher matcher = TOKEN.matcher(text);
        StringBuilder filled = new StringBuilder(text.length());
        while (matcher.find()) {
            String replacement;
            if (matcher.group(1) == null) {
                replacement = matcher.group().substring(1); // "{{" -> "{", "}}" -> "}"
            } else {
                String value = parameters.get(matcher.group(1));
                if (value == null) {
                    throw new IllegalArgumentException("placeholder {" + matcher.group(1) + "} has no value in prompt_parameters");
                }
                replacement = value;
            }
            matcher.appendReplacement(filled, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(filled);
        return filled.toString();
    }

    /** The placeholder names in {@code text}, in order of first appearance (escaped braces are not placeholders). */
    public static Set<String> placeholders(String text) {
        Set<String> names = new LinkedHashSet<>();
        if (text == null) {
            return names;
        }
        Matcher matcher = TOKEN.matcher(text);
        while (matcher.find()) {
            if (matcher.group(1) != null) {
                names.add(matcher.group(1));
            }
        }
        return names;
    }

    /** The message with its placeholders filled; assistant messages are returned as they are. */
    public static PromptMessage fill(PromptMessage message, Map<String, String> parameters) {
        if (!fills(message)) {
            return message;
        }
        return new PromptMessage(message.role(), fill(message.content(), parameters), message.variable());
    }

    /** Whether the message's content is filled: system and user messages are, assistant messages never. */
    public static boolean fills(PromptMessage message) {
        return message.role() != dev.assay.common.message.Role.ASSISTANT && message.content() != null;
    }
}
