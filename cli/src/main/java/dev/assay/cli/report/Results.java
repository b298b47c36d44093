package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Null-tolerant reads of result JSON. Every field of a result is optional to a reader here: an
 * error result has no template, a rubric-only run no template at all, an old server fewer fields,
 * and a report must still come out.
 */
final class Results {

    private Results() {
    }

    /** The text at a path of field names, or null when any step is missing or JSON null. */
    static String text(JsonNode node, String... path) {
        JsonNode value = at(node, path);
        return value == null ? null : value.isValueNode() ? value.asText() : value.toString();
    }

    /** The node at a path of field names, or null when any step is missing or JSON null. */
    static JsonNode at(JsonNode node, String... path) {
        JsonNode current = node;
        for (String name : path) {
            if (current == null || !current.isObject()) {
                return null;
            }
            current = current.get(name);
        }
        return current == null || current.isNull() || current.isMissingNode() ? null : current;
    }

    static Double number(JsonNode node, String... path) {
        JsonNode value = at(node, path);
        return value != null && value.isNumber() ? value.asDouble() : null;
    }

    static Long whole(JsonNode node, String... path) {
        JsonNode value = at(node, path);
        return value != null && value.isNumber() ? value.asLong() : null;
    }

    /** The elements of an array at a path; empty when absent. */
    static List<JsonNode> list(JsonNode node, String... path) {
        JsonNode value = at(node, path);
        List<JsonNode> out = new ArrayList<>();
        if (value != null && value.isArray()) {
            value.forEach(out::add);
        }
        return out;
    }

    /**
     * Trait names in name order (as /scores lists them). Not the order first seen: results arrive
     * in the order the stages finish them, which differs between runs, and columns must not move.
     */
    static List<String> traitNames(List<JsonNode> results) {
        Set<String> names = new TreeSet<>();
        for (JsonNode result : results) {
            for (JsonNode trait : list(result, "rubric")) {
                String name = text(trait, "name");
                if (name != null) {
                    names.add(name);
                }
            }
        }
        return List.copyOf(names);
    }

    /** Results per answering model × judge, groups by model then judge (as the API orders them). */
    static Map<GroupKey, List<JsonNode>> byGroup(List<JsonNode> results) {
        Map<GroupKey, List<JsonNode>> groups = new TreeMap<>(GroupKey.ORDER);
        for (JsonNode result : results) {
            groups.computeIfAbsent(GroupKey.of(result), k -> new ArrayList<>()).add(result);
        }
        return groups;
    }

    /** The group of results whose question has no keyword, when the summary is grouped by tag. */
    static final String UNTAGGED = "(no tag)";

    /**
     * Results per question keyword (an LVE import's tags: {@code severity:low}, ...), by keyword; a result
     * counts under each of its keywords, one without any under {@link #UNTAGGED}, listed last.
     */
    static Map<String, List<JsonNode>> byTag(List<JsonNode> results) {
        Map<String, List<JsonNode>> tags = new TreeMap<>();
        List<JsonNode> untagged = new ArrayList<>();
        for (JsonNode result : results) {
            Set<String> keywords = new TreeSet<>();
            for (JsonNode keyword : list(result, "keywords")) {
                if (keyword.isTextual()) {
                    keywords.add(keyword.asText());
                }
            }
            keywords.forEach(keyword -> tags.computeIfAbsent(keyword, k -> new ArrayList<>()).add(result));
            if (keywords.isEmpty()) {
                untagged.add(result);
            }
        }
        Map<String, List<JsonNode>> out = new LinkedHashMap<>(tags);
        if (!untagged.isEmpty()) {
            out.put(UNTAGGED, untagged);
        }
        return out;
    }

    /** True when some question was asked more than once of the same model, so names need the replicate. */
    static boolean hasReplicates(List<JsonNode> results) {
        return results.stream().anyMatch(r -> {
            Long replicate = whole(r, "replicate");
            return replicate != null && replicate > 1;
        });
    }

    /** A trait's value as one cell: the verdict when it has one, else the score, else the label. */
    static String traitValue(JsonNode trait) {
        JsonNode passed = at(trait, "passed");
        if (passed != null) {
            return passed.asText();
        }
        JsonNode score = at(trait, "score");
        if (score != null) {
            return score.asText();
        }
        return text(trait, "label");
    }

    static JsonNode trait(JsonNode result, String name) {
        for (JsonNode trait : list(result, "rubric")) {
            if (name.equals(text(trait, "name"))) {
                return trait;
            }
        }
        return null;
    }
}
