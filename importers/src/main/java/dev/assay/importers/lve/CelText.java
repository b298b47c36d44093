package dev.assay.importers.lve;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Writing CEL source: string literals, and how an expression trait names a prompt parameter. */
final class CelText {

    private static final Pattern IDENTIFIER = Pattern.compile("[_a-zA-Z][_a-zA-Z0-9]*");
    /** Words CEL's parser reserves. */
    static final Set<String> RESERVED = Set.of("as", "break", "const", "continue", "else", "false", "for", "function", "if",
            "import", "in", "let", "loop", "namespace", "null", "package", "return", "true", "var", "void", "while");
    private static final Set<String> TYPE_NAMES = Set.of("bool", "bytes", "double", "dyn", "int", "list", "map", "null_type",
            "string", "type", "uint");
    /** The variables every expression trait has (docs/rubrics.md). */
    static final List<String> BUILT_INS = List.of("response", "parsed", "params", "variables", "outputs");

    private CelText() {
    }

    /**
     * Whether a prompt parameter of this name is a CEL variable of its own. Mirrors the rule of
     * docs/rubrics.md (an identifier, not reserved, not a type name, not a built-in variable);
     * {@code TraitExpressions.check} confirms every expression built on it.
     */
    static boolean isParameterVariable(String name) {
        return isIdentifier(name) && !TYPE_NAMES.contains(name) && !BUILT_INS.contains(name);
    }

    /** A name CEL can declare (comprehension variables, parameters). */
    static boolean isIdentifier(String name) {
        return IDENTIFIER.matcher(name).matches() && !RESERVED.contains(name);
    }

    /** The prompt parameter {@code name} as an expression reads it: {@code name}, or {@code params['name']}. */
    static String parameter(String name) {
        return isParameterVariable(name) ? name : "params[" + string(name) + "]";
    }

    /** A CEL string literal of {@code text}. */
    static String string(String text) {
        StringBuilder out = new StringBuilder("'");
        text.codePoints().forEach(cp -> {
            switch (cp) {
                case '\\' -> out.append("\\\\");
                case '\'' -> out.append("\\'");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) {
                        out.append(String.format("\\u%04x", cp));
                    } else {
                        out.appendCodePoint(cp);
                    }
                }
            }
        });
        return out.append('\'').toString();
    }

    /** A regular expression as a CEL literal: raw ({@code r'\d+'}) when it can be, so it reads as written. */
    static String pattern(String regex) {
        boolean plain = regex.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
        if (plain && regex.indexOf('\'') < 0) {
            return "r'" + regex + "'";
        }
        if (plain && regex.indexOf('"') < 0) {
            return "r\"" + regex + "\"";
        }
        return string(regex);
    }
}
