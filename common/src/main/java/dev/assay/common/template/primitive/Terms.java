package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The terms of {@code contains_any} / {@code contains_all}: the {@code terms} parameter, or else
 * the ground truth (a text is one term, a list holds several). In a text field a term is found
 * as a substring; in a list field, as an item. Both sides go through the normalizers, by default
 * {@code [lowercase, collapse_whitespace, strip]}: a mention is found whatever its case or spacing.
 */
record Terms(List<String> terms, TextNormalization text) {

    static final List<String> DEFAULT_NORMALIZERS = List.of(TextNormalization.LOWERCASE, TextNormalization.COLLAPSE_WHITESPACE,
            TextNormalization.STRIP);

    static Terms read(Params params) {
        TextNormalization text = TextNormalization.read(params, false, DEFAULT_NORMALIZERS);
        List<String> terms;
        if (params.has("terms")) {
            terms = params.texts("terms", List.of());
        } else {
            JsonNode truth = params.groundTruth();
            if (truth == null) {
                return null;
            }
            terms = new ArrayList<>();
            if (truth.isTextual()) {
                terms.add(truth.asText());
            } else {
                truth.forEach(item -> terms.add(item.asText()));
            }
        }
        List<String> normalized = new ArrayList<>();
        for (String term : terms) {
            String key = text.apply(term);
            if (key.isEmpty()) {
                params.error("terms", "a term is empty after normalization: \"" + term + "\"");
            } else {
                normalized.add(key);
            }
        }
        if (terms.isEmpty()) {
            params.error("terms", "needs at least one term (from terms or a non-empty ground_truth)");
            return null;
        }
        return new Terms(normalized, text);
    }

    /** The terms found in the value; null when the value is neither text nor a list. */
    List<String> found(JsonNode actual) {
        if (actual.isTextual()) {
            String haystack = text.apply(actual.asText());
            return terms.stream().filter(haystack::contains).toList();
        }
        if (actual.isArray()) {
            List<String> items = new ArrayList<>();
            actual.forEach(item -> items.add(text.apply(item.asText())));
            return terms.stream().filter(items::contains).toList();
        }
        return null;
    }
}
