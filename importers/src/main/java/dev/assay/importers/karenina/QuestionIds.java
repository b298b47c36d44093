package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A question keeps its Karenina id: the DataFeedItem's {@code @id} (where Karenina keeps it), else an
 * {@code identifier} or the Question's own {@code @id}; without any, the id Karenina derives from the
 * text ({@code urn:uuid:question-<slug>-<first 8 hex of the MD5>}), so results stay comparable.
 */
final class QuestionIds {

    private QuestionIds() {
    }

    static String of(JsonNode element, JsonNode question, String text) {
        return declared(element, question).orElseGet(() -> derived(text));
    }

    static Optional<String> declared(JsonNode element, JsonNode question) {
        for (JsonNode node : List.of(element.path("@id"), element.path("identifier"), question.path("@id"), question.path("identifier"))) {
            if (node.isTextual() && !node.asText().isBlank()) {
                return Optional.of(node.asText().strip());
            }
        }
        return Optional.empty();
    }

    /** Karenina's generate_question_id: the lowercased text, spaces to dashes, ?.,-free, 50 characters, then the hash. */
    static String derived(String text) {
        String slug = text.toLowerCase(Locale.ROOT).replace(" ", "-").replace("?", "").replace(".", "").replace(",", "");
        int end = slug.codePointCount(0, slug.length()) > 50 ? slug.offsetByCodePoints(0, 50) : slug.length();
        return "urn:uuid:question-" + slug.substring(0, end) + "-" + Question.md5(text).substring(0, 8);
    }
}
