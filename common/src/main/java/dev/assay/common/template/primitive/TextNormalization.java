package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How text is made comparable before matching: the {@code normalizers} in the order written
 * (default: {@code [strip]}), then the {@code synonyms} map, which sends every alias to its
 * canonical form. Text is always brought to Unicode NFC first, because the same visible text can
 * be encoded two ways ("é" as one code point or as "e" plus an accent).
 *
 * @param synonyms normalized alias → normalized canonical form
 */
public record TextNormalization(List<String> normalizers, Map<String, String> synonyms) {

    public static final String LOWERCASE = "lowercase";
    public static final String STRIP = "strip";
    public static final String REMOVE_PUNCTUATION = "remove_punctuation";
    public static final String COLLAPSE_WHITESPACE = "collapse_whitespace";
    public static final List<String> NORMALIZERS = List.of(LOWERCASE, STRIP, REMOVE_PUNCTUATION, COLLAPSE_WHITESPACE);

    /** Only surrounding whitespace is ignored: what a plain comparison does when nothing else is asked. */
    public static final TextNormalization DEFAULT = new TextNormalization(List.of(STRIP), Map.of());

    private static final Pattern WHITESPACE = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);
    // String.strip() misses U+00A0 and U+202F (no-break spaces), common in copied text
    private static final Pattern EDGE_WHITESPACE = Pattern.compile("^\\s+|\\s+$", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern PUNCTUATION = Pattern.compile("\\p{P}+");

    public TextNormalization {
        normalizers = List.copyOf(normalizers);
        synonyms = Collections.unmodifiableMap(new HashMap<>(synonyms));
    }

    public String apply(String text) {
        String result = Normalizer.normalize(text, Normalizer.Form.NFC);
        for (String normalizer : normalizers) {
            result = switch (normalizer) {
                case LOWERCASE -> result.toLowerCase(Locale.ROOT);
                case STRIP -> EDGE_WHITESPACE.matcher(result).replaceAll("");
                case REMOVE_PUNCTUATION -> PUNCTUATION.matcher(result).replaceAll("");
                case COLLAPSE_WHITESPACE -> WHITESPACE.matcher(result).replaceAll(" ");
                default -> throw new IllegalStateException("unknown normalizer " + normalizer);
            };
        }
        return synonyms.getOrDefault(result, result);
    }

    /** Reads {@code normalizers} and, when {@code withSynonyms}, {@code synonyms}. */
    public static TextNormalization read(Params params, boolean withSynonyms) {
        return read(params, withSynonyms, DEFAULT.normalizers());
    }

    /** As {@link #read(Params, boolean)}, with the primitive's own default normalizers. */
    public static TextNormalization read(Params params, boolean withSynonyms, List<String> defaults) {
        List<String> normalizers = new ArrayList<>();
        List<String> written = params.texts("normalizers", defaults);
        for (int i = 0; i < written.size(); i++) {
            String name = written.get(i);
            if (NORMALIZERS.contains(name)) {
                normalizers.add(name);
            } else {
                params.error(Problems.index("normalizers", i), "unknown normalizer \"" + name + "\""
                        + Suggestions.didYouMean(name, NORMALIZERS) + "; known normalizers: " + String.join(", ", NORMALIZERS));
            }
        }
        TextNormalization plain = new TextNormalization(normalizers, Map.of());
        if (!withSynonyms) {
            return plain;
        }
        return new TextNormalization(normalizers, readSynonyms(params, plain));
    }

    /** {@code synonyms: {canonical: [alias, …]}}; an alias claimed by two canonical forms is ambiguous. */
    private static Map<String, String> readSynonyms(Params params, TextNormalization plain) {
        JsonNode node = params.raw("synonyms");
        Map<String, String> aliases = new HashMap<>();
        if (node == null) {
            return aliases;
        }
        if (!node.isObject()) {
            params.error("synonyms", "must be a mapping of a canonical form to its aliases, e.g. {paris: [\"paris, france\"]}");
            return aliases;
        }
        Map<String, String> owner = new HashMap<>();
        node.fields().forEachRemaining(entry -> {
            String canonical = plain.apply(entry.getKey());
            List<String> written = new ArrayList<>();
            JsonNode value = entry.getValue();
            if (value.isTextual()) {
                written.add(value.asText());
            } else if (value.isArray() && allTextual(value)) {
                value.forEach(alias -> written.add(alias.asText()));
            } else {
                params.error("synonyms." + entry.getKey(), "must be a list of aliases (texts), got " + value);
                return;
            }
            written.add(entry.getKey());
            for (String alias : written) {
                String normalized = plain.apply(alias);
                String previous = owner.putIfAbsent(normalized, entry.getKey());
                if (previous != null && !previous.equals(entry.getKey())) {
                    params.error("synonyms." + entry.getKey(), "alias \"" + alias + "\" is also a synonym of \"" + previous + "\"");
                }
                aliases.put(normalized, canonical);
            }
        });
        return aliases;
    }

    private static boolean allTextual(JsonNode array) {
        for (JsonNode item : array) {
            if (!item.isTextual()) {
                return false;
            }
        }
        return true;
    }
}
