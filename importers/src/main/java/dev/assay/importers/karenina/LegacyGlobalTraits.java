package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Older checkpoints written by the GUI kept global regex, callable and metric traits as JSON in the
 * root's {@code additionalProperty} ({@code global_regex_rubric_traits}, …) rather than as ratings.
 * They are turned into the ratings they stand for, so one converter reads both.
 */
final class LegacyGlobalTraits {

    /** A rating and where it came from, for the report. */
    record Placed(JsonNode rating, String where) {
    }

    private static final Map<String, String> TYPES = Map.of(
            "global_regex_rubric_traits", "GlobalRegexTrait",
            "global_callable_rubric_traits", "GlobalCallableTrait",
            "global_metric_rubric_traits", "GlobalMetricRubricTrait");
    private static final List<String> SETTINGS = List.of("pattern", "case_sensitive", "invert_result", "invert", "callable_code",
            "kind", "evaluation_mode", "metrics", "tp_instructions", "tn_instructions", "higher_is_better");

    private LegacyGlobalTraits() {
    }

    static List<Placed> ratings(PropertyValues rootProperties) {
        List<Placed> ratings = new ArrayList<>();
        for (String property : List.of("global_regex_rubric_traits", "global_callable_rubric_traits", "global_metric_rubric_traits")) {
            JsonNode traits = rootProperties.decoded(property).orElse(null);
            if (traits == null) {
                continue;
            }
            for (int i = 0; i < traits.size(); i++) {
                ratings.add(new Placed(rating(traits.get(i), TYPES.get(property)), "additionalProperty " + property + "[" + i + "]"));
            }
        }
        return ratings;
    }

    private static JsonNode rating(JsonNode trait, String type) {
        if (!trait.isObject()) {
            return trait;
        }
        ObjectNode rating = JsonNodeFactory.instance.objectNode();
        rating.put("@type", "Rating");
        rating.set("name", trait.get("name"));
        rating.set("description", trait.get("description"));
        rating.put("additionalType", type);
        ArrayNode properties = rating.putArray("additionalProperty");
        for (String setting : SETTINGS) {
            if (trait.has(setting)) {
                properties.addObject().put("name", setting).set("value", trait.get(setting));
            }
        }
        return rating;
    }
}
