package dev.assay.localstack.demo;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Turns rules-file YAML into {@link DemoRules}, collecting every problem with its place
 * ({@code demo-model.yaml:rules[3].reply: is required}) instead of stopping at the first: a person
 * editing a demo script should fix it in one pass.
 */
final class DemoRulesReader {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TOP_KEYS = Set.of("models", "rules", "fallback");
    private static final Set<String> RULE_KEYS = Set.of("match", "reply");
    private static final Set<String> MATCH_KEYS = Set.of("model", "any_of", "all_of");

    private final String fileName;
    private final List<String> problems = new ArrayList<>();

    DemoRulesReader(String fileName) {
        this.fileName = fileName;
    }

    DemoRules read(String yaml) {
        JsonNode root;
        try {
            root = yaml == null || yaml.isBlank() ? null : YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            String where = where(e);
            throw new DemoRulesException(List.of(fileName + ": not valid YAML: " + e.getOriginalMessage() + where));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new DemoRulesException(List.of(fileName + ": the file is empty; it needs models and rules"));
        }
        if (!root.isObject()) {
            throw new DemoRulesException(List.of(fileName + ": must be a mapping with models, rules and an optional fallback"));
        }
        unknownKeys(root, "", TOP_KEYS);
        List<String> models = models(root.get("models"));
        List<DemoRule> rules = rules(root.get("rules"), models);
        String fallback = root.has("fallback") ? reply(root.get("fallback"), "fallback") : null;
        if (!problems.isEmpty()) {
            throw new DemoRulesException(problems);
        }
        return new DemoRules(models, rules, fallback);
    }

    /** The line and column of a syntax error; SnakeYAML keeps them on its own exception, not Jackson's. */
    private static String where(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
            return " (line " + (marked.getProblemMark().getLine() + 1) + ", column " + (marked.getProblemMark().getColumn() + 1) + ")";
        }
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
    }

    private List<String> models(JsonNode node) {
        List<String> models = new ArrayList<>();
        if (node == null || node.isNull()) {
            problem("models", "is required: the model names this file serves, e.g. [demo-answerer, demo-judge]");
            return models;
        }
        List<String> names = strings(node, "models");
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (DemoMatch.ANY_MODEL.equals(name)) {
                problem("models[" + i + "]", "must be a model name; * is only for a rule's match.model");
            } else if (!seen.add(name)) {
                problem("models[" + i + "]", "\"" + name + "\" is listed twice");
            }
        }
        if (names.isEmpty() && node.isArray()) {
            problem("models", "must name at least one model");
        }
        models.addAll(seen);
        return models;
    }

    private List<DemoRule> rules(JsonNode node, List<String> models) {
        List<DemoRule> rules = new ArrayList<>();
        if (node == null || node.isNull()) {
            problem("rules", "is required: a list of {match, reply}");
            return rules;
        }
        if (!node.isArray()) {
            problem("rules", "must be a list of {match, reply}");
            return rules;
        }
        for (int i = 0; i < node.size(); i++) {
            String path = "rules[" + i + "]";
            JsonNode rule = node.get(i);
            if (!rule.isObject()) {
                problem(path, "must be a mapping with match and reply");
                continue;
            }
            unknownKeys(rule, path, RULE_KEYS);
            DemoMatch match = match(rule.get("match"), path + ".match", models);
            String reply = reply(rule.get("reply"), path + ".reply");
            if (match != null && reply != null) {
                rules.add(new DemoRule(match, reply));
            }
        }
        return rules;
    }

    private DemoMatch match(JsonNode node, String path, List<String> models) {
        if (node == null || node.isNull()) {
            problem(path, "is required: {model, any_of, all_of}");
            return null;
        }
        if (!node.isObject()) {
            problem(path, "must be a mapping with model and any_of and/or all_of");
            return null;
        }
        unknownKeys(node, path, MATCH_KEYS);
        String model = null;
        JsonNode modelNode = node.get("model");
        if (modelNode == null || modelNode.isNull()) {
            problem(path + ".model", "is required: a model name from models, or * for any model");
        } else if (!modelNode.isTextual()) {
            problem(path + ".model", "must be a model name or *");
        } else if (!DemoMatch.ANY_MODEL.equals(modelNode.asText()) && !models.contains(modelNode.asText())) {
            problem(path + ".model", "\"" + modelNode.asText() + "\" is not in models " + models + " (or use *)");
        } else {
            model = modelNode.asText();
        }
        List<String> anyOf = node.has("any_of") ? texts(node.get("any_of"), path + ".any_of") : List.of();
        List<String> allOf = node.has("all_of") ? texts(node.get("all_of"), path + ".all_of") : List.of();
        return model == null ? null : new DemoMatch(model, anyOf, allOf);
    }

    /** A list of texts to look for; one text alone is taken as a list of one, since that is what it means. */
    private List<String> texts(JsonNode node, String path) {
        List<String> texts = node.isTextual() ? List.of(node.asText()) : strings(node, path);
        if (node.isArray() && node.isEmpty()) {
            problem(path, "is empty; leave it out instead");
        }
        for (int i = 0; i < texts.size(); i++) {
            if (texts.get(i).isEmpty()) {
                problem(node.isArray() ? path + "[" + i + "]" : path, "is empty: it would match every request");
            }
        }
        return texts;
    }

    /**
     * A reply: text as written, or, for a mapping or list, its compact JSON, so a judge's JSON
     * answer can be written as YAML ({@code reply: {city: Canberra}}) without quoting.
     */
    private String reply(JsonNode node, String path) {
        if (node == null || node.isNull()) {
            problem(path, "is required");
            return null;
        }
        if (node.isContainerNode()) {
            try {
                return JSON.writeValueAsString(node);
            } catch (JsonProcessingException e) {
                problem(path, "cannot be written as JSON: " + e.getOriginalMessage());
                return null;
            }
        }
        if (!node.isValueNode()) {
            problem(path, "must be text, or a mapping or list sent as JSON");
            return null;
        }
        return node.asText();
    }

    private List<String> strings(JsonNode node, String path) {
        List<String> values = new ArrayList<>();
        if (!node.isArray()) {
            problem(path, "must be a list of texts");
            return values;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            if (item.isValueNode() && !item.isNull()) {
                values.add(item.asText());
            } else {
                problem(path + "[" + i + "]", "must be text");
            }
        }
        return values;
    }

    private void unknownKeys(JsonNode node, String path, Set<String> known) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                problem(path.isEmpty() ? name : path + "." + name,
                        "unknown key; known keys: " + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private void problem(String path, String message) {
        problems.add(fileName + ":" + path + ": " + message);
    }
}
