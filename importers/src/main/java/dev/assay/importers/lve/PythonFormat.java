package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Python's {@code str.format(**kwargs)}, as LVE applies it to prompt messages (with the prompt
 * parameters) and to every string checker argument (with all of an instance's args). {@code {{}
 * and {@code }}} are literal braces, {@code {name}} is replaced by {@code str(kwargs[name])}.
 * What Python would reject (an unknown key, a positional {@code {}}, a single {@code }}) and what
 * is not translated (format specs, {@code !r}, attribute or index access) is refused with a
 * reason saying which.
 */
final class PythonFormat {

    /** Assay's placeholder names (docs/prompts.md): a Python field name outside this set cannot become one. */
    private static final Pattern ASSAY_PLACEHOLDER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private PythonFormat() {
    }

    sealed interface Part permits Literal, Field {
    }

    record Literal(String text) implements Part {
    }

    /**
     * One replacement field.
     *
     * @param source     the field as written, braces included, for messages
     * @param name       the key it reads
     * @param conversion {@code s}, {@code r}, {@code a}, or null
     * @param spec       the format spec after {@code :}, or null
     */
    record Field(String source, String name, String conversion, String spec) implements Part {
    }

    /** The template's literal text and fields, or why Python's parser rejects it. */
    static List<Part> parse(String template) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{' && i + 1 < template.length() && template.charAt(i + 1) == '{') {
                literal.append('{');
                i += 2;
            } else if (c == '}' && i + 1 < template.length() && template.charAt(i + 1) == '}') {
                literal.append('}');
                i += 2;
            } else if (c == '}') {
                throw new Untranslatable("single '}' at position " + i + " (Python's format raises ValueError; write }} for a brace)");
            } else if (c == '{') {
                int end = fieldEnd(template, i);
                if (!literal.isEmpty()) {
                    parts.add(new Literal(literal.toString()));
                    literal.setLength(0);
                }
                parts.add(field(template.substring(i, end + 1)));
                i = end + 1;
            } else {
                literal.append(c);
                i++;
            }
        }
        if (!literal.isEmpty()) {
            parts.add(new Literal(literal.toString()));
        }
        return parts;
    }

    /** The index of the brace closing the field opened at {@code start} (braces nest inside a format spec). */
    private static int fieldEnd(String template, int start) {
        int depth = 0;
        for (int i = start; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        throw new Untranslatable("'{' at position " + start + " is never closed (Python's format raises ValueError; write {{ for a brace)");
    }

    private static Field field(String source) {
        String body = source.substring(1, source.length() - 1);
        int bang = body.indexOf('!');
        int colon = body.indexOf(':');
        int nameEnd = bang >= 0 && (colon < 0 || bang < colon) ? bang : colon >= 0 ? colon : body.length();
        String name = body.substring(0, nameEnd);
        String conversion = null;
        String spec = null;
        if (nameEnd == bang) {
            if (bang + 1 >= body.length()) {
                throw new Untranslatable(source + ": '!' without a conversion (Python's format raises ValueError)");
            }
            conversion = String.valueOf(body.charAt(bang + 1));
            if (bang + 2 < body.length() && body.charAt(bang + 2) != ':') {
                throw new Untranslatable(source + ": expected ':' after the conversion (Python's format raises ValueError)");
            }
            spec = bang + 2 < body.length() ? body.substring(bang + 3) : null;
        } else if (nameEnd == colon) {
            spec = body.substring(colon + 1);
        }
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
            throw new Untranslatable(source + " is a positional field, but LVE passes only keyword arguments "
                    + "(Python's format raises IndexError; write {{ and }} for literal braces)");
        }
        if (name.contains(".") || name.contains("[")) {
            throw new Untranslatable(source + " reads an attribute or an item of an argument (not translated)");
        }
        if (conversion != null && !conversion.equals("s") && !conversion.equals("r")) {
            throw new Untranslatable(source + ": conversion !" + conversion + " is not translated");
        }
        return new Field(source, name, conversion, spec == null || spec.isEmpty() ? null : spec);
    }

    /** {@code template.format(**args)}; a JSON null is Python's None. */
    static String format(String template, Map<String, JsonNode> args) {
        StringBuilder out = new StringBuilder();
        for (Part part : parse(template)) {
            switch (part) {
                case Literal literal -> out.append(literal.text());
                case Field field -> {
                    if (!args.containsKey(field.name())) {
                        throw new Untranslatable(field.source() + " names no argument (Python's format raises KeyError '"
                                + field.name() + "'" + known(args.keySet()) + "; write {{ and }} for literal braces)");
                    }
                    if (field.spec() != null) {
                        throw new Untranslatable(field.source() + ": format spec '" + field.spec() + "' is not translated");
                    }
                    JsonNode value = args.get(field.name());
                    out.append("r".equals(field.conversion()) ? PythonValues.repr(value) : PythonValues.str(value));
                }
            }
        }
        return out.toString();
    }

    /** The names {@code template}'s fields read, in order. */
    static Set<String> fieldNames(String template) {
        Set<String> names = new LinkedHashSet<>();
        for (Part part : parse(template)) {
            if (part instanceof Field field) {
                names.add(field.name());
            }
        }
        return names;
    }

    /**
     * The same template in Assay's placeholder syntax (docs/prompts.md), which fills to the same
     * text for the same values: literal braces doubled, each field a {@code {name}} placeholder.
     * Fields Assay cannot express (a name that is not an identifier, a conversion or spec) are refused.
     */
    static String toAssayTemplate(String template) {
        StringBuilder out = new StringBuilder();
        for (Part part : parse(template)) {
            switch (part) {
                case Literal literal -> out.append(literal.text().replace("{", "{{").replace("}", "}}"));
                case Field field -> {
                    if (field.conversion() != null || field.spec() != null) {
                        throw new Untranslatable(field.source() + ": a conversion or format spec has no Assay placeholder form");
                    }
                    if (!ASSAY_PLACEHOLDER.matcher(field.name()).matches()) {
                        throw new Untranslatable(field.source() + ": \"" + field.name() + "\" cannot be an Assay placeholder "
                                + "(letters, digits and _, not starting with a digit)");
                    }
                    out.append('{').append(field.name()).append('}');
                }
            }
        }
        return out.toString();
    }

    private static String known(Set<String> names) {
        return names.isEmpty() ? ", there are no arguments" : ", there are " + String.join(", ", names);
    }
}
