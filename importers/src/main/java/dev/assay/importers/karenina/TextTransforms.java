package dev.assay.importers.karenina;

import dev.assay.common.template.primitive.TextNormalization;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The string methods a template's comparison may call on either side ({@code strip}, {@code lower},
 * {@code upper}), applied as Python would, and the Assay normalizers that compare the same way.
 * Python compares {@code upper()} forms where Assay lowercases: both make the comparison ignore case.
 *
 * @param methods innermost first: {@code x.strip().lower()} is {@code [strip, lower]}
 */
record TextTransforms(List<String> methods) {

    static final List<String> KNOWN = List.of("strip", "lower", "upper");
    static final TextTransforms NONE = new TextTransforms(List.of());

    private static final Pattern EDGE_WHITESPACE = Pattern.compile("^\\s+|\\s+$", Pattern.UNICODE_CHARACTER_CLASS);

    TextTransforms {
        methods = List.copyOf(methods);
    }

    boolean isEmpty() {
        return methods.isEmpty();
    }

    boolean ignoresCase() {
        return methods.contains("lower") || methods.contains("upper");
    }

    String apply(String text) {
        String result = text;
        for (String method : methods) {
            result = switch (method) {
                case "strip" -> EDGE_WHITESPACE.matcher(result).replaceAll("");
                case "lower" -> result.toLowerCase(Locale.ROOT);
                case "upper" -> result.toUpperCase(Locale.ROOT);
                default -> throw new IllegalStateException("unknown string method " + method);
            };
        }
        return result;
    }

    /** The Assay normalizers that make the same comparison: strip when stripped, lowercase when case is folded. */
    List<String> normalizers() {
        List<String> normalizers = new ArrayList<>();
        if (methods.contains("strip")) {
            normalizers.add(TextNormalization.STRIP);
        }
        if (ignoresCase()) {
            normalizers.add(TextNormalization.LOWERCASE);
        }
        return normalizers;
    }
}
