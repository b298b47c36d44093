package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.text.ExcerptMatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Deep judgment's check of a judge's quotes against the response ({@link ExcerptMatch}), shared by
 * the template and rubric stages: the quotes found, the ones not found, and the feedback a retry is
 * sent about them.
 */
public final class ExcerptCheck {

    /** A quote the response does not contain, with what it was for and how much of it was found. */
    public record Rejected(String about, String text, double similarity) {
    }

    /** One call's quotes for one attribute or trait, split into those found in the response and the rest. */
    public record Checked(List<Excerpt> valid, List<Rejected> rejected) {
    }

    private ExcerptCheck() {
    }

    /** The quotes in {@code items} ({@code [{text, confidence}]}) checked against {@code response}; blank ones are ignored. */
    public static Checked check(String about, JsonNode items, String response, double threshold) {
        List<Excerpt> valid = new ArrayList<>();
        List<Rejected> rejected = new ArrayList<>();
        for (JsonNode item : items) {
            String text = item.path("text").asText("");
            if (text.isBlank()) {
                continue;
            }
            double similarity = ExcerptMatch.similarity(text, response);
            if (similarity >= threshold) {
                valid.add(new Excerpt(text, confidence(item.path("confidence").asText("")), similarity));
            } else {
                rejected.add(new Rejected(about, text, similarity));
            }
        }
        return new Checked(valid, rejected);
    }

    /** What the retry is told: which quotes were not found, so it can copy them exactly or drop them. */
    public static String feedback(List<Rejected> rejected, double threshold) {
        StringBuilder text = new StringBuilder("These excerpts from your previous answer are not in the response (similarity below ")
                .append(String.format(Locale.ROOT, "%.2f", threshold)).append("):");
        for (Rejected quote : rejected) {
            text.append("\n- ").append(quote.about()).append(": \"").append(quote.text()).append("\" (similarity ")
                    .append(String.format(Locale.ROOT, "%.2f", quote.similarity())).append(')');
        }
        return text.append("\nCopy each excerpt exactly as it appears in the response, or give an empty list when the response has none.")
                .toString();
    }

    private static String confidence(String given) {
        String value = given.toLowerCase(Locale.ROOT);
        return DeepJudgmentPrompts.CONFIDENCES.contains(value) ? value : "medium";
    }
}
