package dev.assay.common.nugget;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A text resource with {@code {{name}}} placeholders. Placeholders are checked when the template is
 * loaded (an unknown one, or a missing required one, fails at once with the file named), and filled
 * in one pass, so a value that itself contains {@code {{...}}} (a response quoting a template, say)
 * is inserted as written and never expanded.
 */
final class PromptTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");

    private final String resource;
    private final String text;

    private PromptTemplate(String resource, String text) {
        this.resource = resource;
        this.text = text;
    }

    /** The template in {@code resource}; {@code allowed} are the placeholders it may use, {@code required} those it must. */
    static PromptTemplate load(String resource, Set<String> allowed, Set<String> required) {
        return of(resource, read(resource), allowed, required);
    }

    static PromptTemplate of(String resource, String text, Set<String> allowed, Set<String> required) {
        Set<String> used = placeholders(text);
        Set<String> unknown = new TreeSet<>(used);
        unknown.removeAll(allowed);
        if (!unknown.isEmpty()) {
            throw new IllegalStateException(resource + ": unknown placeholder(s) " + unknown + "; known: " + new TreeSet<>(allowed));
        }
        Set<String> missing = new TreeSet<>(required);
        missing.removeAll(used);
        if (!missing.isEmpty()) {
            throw new IllegalStateException(resource + ": missing placeholder(s) " + missing);
        }
        return new PromptTemplate(resource, text);
    }

    String resource() {
        return resource;
    }

    String text() {
        return text;
    }

    /** The text with every placeholder replaced by its value. */
    String fill(Map<String, String> values) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalArgumentException(resource + ": no value for placeholder {{" + matcher.group(1) + "}}");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static Set<String> placeholders(String text) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = PLACEHOLDER.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    private static String read(String resource) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = PromptTemplate.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("prompt template " + resource + " is missing from the classpath");
            }
            // Templates are edited by hand: a Windows line ending must not end up in a prompt.
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n").strip();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read prompt template " + resource, e);
        }
    }
}
