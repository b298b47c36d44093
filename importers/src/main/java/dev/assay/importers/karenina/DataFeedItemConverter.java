package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.importers.ImportEntry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converts one {@code dataFeedElement} item into a question: its text, raw answer
 * ({@code acceptedAnswer.text}), keywords, id, few-shot examples and settings, its rating list as
 * the question's rubric, and its template ({@code hasPart.text}) when {@link PythonTemplateReader}
 * can convert it. What is left out is said in the entry; an item without question text is skipped.
 */
final class DataFeedItemConverter {

    /** The question made (null when skipped) and what became of the item. */
    record Converted(Question question, ImportEntry entry) {
    }

    static final String TEMPLATE_SOURCE = "template_source";

    private final Set<String> globalTraitNames;
    private final Map<String, String> seenIds = new LinkedHashMap<>();

    /** @param globalTraitNames a question's trait may not share a global trait's name (results are read by name) */
    DataFeedItemConverter(Set<String> globalTraitNames) {
        this.globalTraitNames = Set.copyOf(globalTraitNames);
    }

    Converted convert(JsonNode element, int index) {
        String source = "dataFeedElement[" + index + "]";
        if (!element.isObject()) {
            return skipped(source, "not an object");
        }
        JsonNode item = element.get("item");
        if (item == null || !item.isObject()) {
            return skipped(source, "no item (the Question)");
        }
        String text = item.path("text").isTextual() ? item.get("text").asText() : "";
        if (text.isBlank()) {
            return skipped(source, "no question text (item.text)");
        }
        String id = QuestionIds.of(element, item, text);
        String first = seenIds.putIfAbsent(id, source);
        if (first != null) {
            return skipped(source, "duplicate id \"" + id + "\" (also " + first + ")");
        }
        List<String> leftOut = new ArrayList<>();
        QuestionSettings settings = QuestionSettings.read(PropertyValues.of(item.get("additionalProperty")));
        leftOut.addAll(settings.reasons());
        Map<String, JsonNode> metadata = new LinkedHashMap<>(settings.metadata());
        for (String date : List.of("dateCreated", "dateModified")) {
            if (element.path(date).isTextual()) {
                metadata.put(date.equals("dateCreated") ? "date_created" : "date_modified", element.get(date));
            }
        }
        TemplateReading reading = template(item, metadata, leftOut);
        Rubric rubric = rubric(item, reading.traits(), leftOut);
        Question question = Question.builder()
                .id(id)
                .question(text)
                .rawAnswer(rawAnswer(item))
                .keywords(keywords(element, item))
                .template(reading.template())
                .rubric(rubric)
                .fewShot(settings.fewShot())
                .metadata(metadata)
                .build();
        return new Converted(question, ImportEntry.of(source, id, leftOut));
    }

    private static Converted skipped(String source, String reason) {
        return new Converted(null, ImportEntry.skipped(source, reason));
    }

    private static String rawAnswer(JsonNode item) {
        JsonNode answer = item.get("acceptedAnswer");
        if (answer == null) {
            return null;
        }
        if (answer.isTextual()) {
            return answer.asText();
        }
        return answer.path("text").isTextual() ? answer.get("text").asText() : null;
    }

    /** The Question's keywords, then the item's (where older checkpoints kept them); a text is a comma-separated list. */
    private static List<String> keywords(JsonNode element, JsonNode item) {
        Set<String> keywords = new LinkedHashSet<>();
        for (JsonNode node : List.of(item.path("keywords"), element.path("keywords"))) {
            if (node.isTextual()) {
                for (String keyword : node.asText().split(",")) {
                    if (!keyword.isBlank()) {
                        keywords.add(keyword.strip());
                    }
                }
            } else {
                node.forEach(keyword -> {
                    if (keyword.isTextual() && !keyword.asText().isBlank()) {
                        keywords.add(keyword.asText());
                    }
                });
            }
        }
        return List.copyOf(keywords);
    }

    /** The template of {@code hasPart}; when it is not converted, its source is kept in the metadata for whoever rewrites it. */
    private static TemplateReading template(JsonNode item, Map<String, JsonNode> metadata, List<String> leftOut) {
        List<JsonNode> code = new ArrayList<>();
        for (JsonNode part : Checkpoint.listOf(item.get("hasPart"))) {
            if (part.path("text").isTextual() && !part.get("text").asText().isBlank()) {
                code.add(part);
            }
        }
        if (code.isEmpty()) {
            return TemplateReading.converted(null, List.of());
        }
        if (code.size() > 1) {
            leftOut.add("template: hasPart holds " + code.size() + " pieces of code, not one template; not converted");
            return TemplateReading.converted(null, List.of());
        }
        String source = code.getFirst().get("text").asText();
        TemplateReading reading = PythonTemplateReader.read(source);
        leftOut.addAll(reading.reasons());
        if (reading.template() == null && !reading.isPlaceholder()) {
            // also when it became traits: the source is what they were read from
            metadata.put(TEMPLATE_SOURCE, TextNode.valueOf(source));
        }
        return reading;
    }

    /** The item's ratings as traits, then the traits its template's raw-response checks became. */
    private Rubric rubric(JsonNode item, List<RubricTrait> templateTraits, List<String> leftOut) {
        List<RubricTrait> traits = new ArrayList<>();
        List<RubricTrait> dynamicTraits = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<JsonNode> ratings = Checkpoint.listOf(item.get("rating"));
        List<RatingTraits.TraitConversion> conversions = new ArrayList<>();
        for (int i = 0; i < ratings.size(); i++) {
            RatingTraits.TraitConversion conversion = RatingTraits.convert(ratings.get(i), "rating[" + i + "]");
            leftOut.addAll(conversion.reasons());
            conversions.add(conversion);
        }
        templateTraits.forEach(trait -> conversions.add(new RatingTraits.TraitConversion(trait, false, List.of())));
        for (RatingTraits.TraitConversion conversion : conversions) {
            RubricTrait trait = conversion.trait();
            if (trait == null) {
                continue;
            }
            String label = "trait \"" + trait.name() + "\"";
            if (globalTraitNames.contains(trait.name())) {
                leftOut.add(label + ": a global trait has this name too, and results are read by name; left out");
            } else if (!names.add(trait.name())) {
                leftOut.add(label + ": a second trait of this name in the question; left out");
            } else {
                (conversion.dynamic() ? dynamicTraits : traits).add(trait);
            }
        }
        return traits.isEmpty() && dynamicTraits.isEmpty() ? null : new Rubric(traits, dynamicTraits);
    }
}
