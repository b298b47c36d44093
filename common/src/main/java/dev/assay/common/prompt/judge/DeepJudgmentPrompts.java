package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.SearchResult;
import dev.assay.common.template.TemplateSchemas;

import java.util.List;
import java.util.Map;

/**
 * Deep judgment of a template (Karenina's three stages): quote verbatim excerpts per attribute,
 * reason per attribute from them (or from the whole response in {@code reasoning_only}), then
 * parse from that reasoning. The template's schema (never the ground truth) names the attributes.
 */
public final class DeepJudgmentPrompts {

    public static final String EXCERPT_SYSTEM = """
            You find the evidence in a model's response for each attribute of an answer template. You \
            receive the question, the response and the template's JSON schema.

            - For each attribute, quote the passages of the response that state its value, copied \
            EXACTLY as they appear: same words, same order, no paraphrase, no ellipsis. Quotes are \
            checked against the response; one that is not in it is rejected.
            - Give each quote a confidence: "high" when it states the value directly, "medium" when it \
            implies it, "low" when it only hints at it.
            - When the response says nothing about an attribute, give an empty list for it. Never \
            invent a quote.""";

    public static final String REASONING_SYSTEM = """
            You explain, attribute by attribute, what value a model's response gives for each attribute \
            of an answer template. You receive the question, the response, the template's JSON schema \
            and, when there are any, the excerpts of the response found for each attribute.

            - For each attribute, say in a few sentences which value the response supports and why, \
            citing the excerpts when given. When the response gives no value, say so.
            - Judge only what the response says; do not use outside knowledge and do not judge \
            whether it is right.""";

    public static final String PARSING_FROM_REASONING_SYSTEM = ParsingPrompt.SYSTEM + """


            You also receive a reasoning per attribute, written by a reviewer who read the response: \
            fill each field as that reasoning concludes, checking it against the response.""";

    public static final String RUBRIC_EXCERPT_SYSTEM = """
            You find the evidence in a model's response for judging it against one trait. You receive \
            the question, the response and the trait.

            - Quote the passages of the response that bear on the trait, copied EXACTLY as they appear: \
            same words, same order, no paraphrase, no ellipsis. Quotes are checked against the \
            response; one that is not in it is rejected.
            - Give each quote a confidence: "high" when it decides the trait directly, "medium" when it \
            bears on it, "low" when it only hints.
            - When nothing in the response bears on the trait, give an empty list. Never invent a quote.""";

    public static final String RUBRIC_REASONING_SYSTEM = """
            You reason about how a model's response fares against one trait, from the excerpts of the \
            response found for it (from the whole response when no excerpts are given). You receive the \
            question, the response, the trait and the excerpts, each with its hallucination risk when it \
            was checked against web search. In a few sentences, say what the excerpts show about the trait; do not give the score yet.""";

    public static final String RUBRIC_SCORE_SYSTEM = TraitPrompt.LLM_SINGLE + """


            You also receive a reasoning about the trait, written by a reviewer who read the response: \
            give the value that reasoning concludes.""";

    public static final String HALLUCINATION_SYSTEM = """
            You assess the hallucination risk of excerpts quoted from a model's response, against web search \
            results found for each excerpt. You receive the question and, per excerpt, its text and the \
            search results.

            Risk levels:
            - "none": the search results strongly support the excerpt, with several corroborating sources.
            - "low": they generally support it, with minor discrepancies or weak evidence.
            - "medium": the evidence is mixed, contradictory or very weak.
            - "high": the search results contradict the excerpt or give no support for it.

            Be conservative: give "none" only for very strong evidence. Judge only from the search results \
            given. Assess every excerpt, with a short justification.""";

    public static final String RUBRIC_HALLUCINATION_SYSTEM = HALLUCINATION_SYSTEM + """


            The excerpt was quoted as evidence for judging the response against a rubric trait.""";

    /** Hallucination risks, lowest first: an attribute's risk is the highest of its excerpts'. */
    public static final List<String> RISKS = List.of("none", "low", "medium", "high");

    public static final List<String> CONFIDENCES = List.of("high", "medium", "low");

    private DeepJudgmentPrompts() {
    }

    public static String excerptUser(String question, String response, AnswerTemplate template, int maxExcerpts, String feedback) {
        String text = JudgeInput.of(question, response) + "\n\n<template_schema>\n" + schemaText(template)
                + "\n</template_schema>\n\nGive at most " + maxExcerpts + " excerpts per attribute.";
        return feedback == null || feedback.isBlank() ? text : text + "\n\n<feedback>\n" + feedback.strip() + "\n</feedback>";
    }

    /** {@code {attribute: [{text, confidence}]}} for every attribute, at most {@code maxExcerpts} each. */
    public static JsonNode excerptSchema(AnswerTemplate template, int maxExcerpts) {
        ObjectNode schema = object();
        ObjectNode properties = (ObjectNode) schema.get("properties");
        ArrayNode required = (ArrayNode) schema.get("required");
        for (String attribute : template.fields().keySet()) {
            excerptList(properties, attribute, maxExcerpts);
            required.add(attribute);
        }
        return schema;
    }

    public static String reasoningUser(String question, String response, AnswerTemplate template, Map<String, List<Excerpt>> excerpts) {
        String text = JudgeInput.of(question, response) + "\n\n<template_schema>\n" + schemaText(template) + "\n</template_schema>";
        if (excerpts == null) {
            return text;
        }
        ObjectNode quoted = Json.mapper().createObjectNode();
        excerpts.forEach((attribute, list) -> {
            ArrayNode items = quoted.putArray(attribute);
            list.forEach(excerpt -> quoted(items, excerpt));
        });
        return text + "\n\n<excerpts>\n" + quoted.toPrettyString() + "\n</excerpts>";
    }

    /** {@code {attribute: reasoning}} for every attribute. */
    public static JsonNode reasoningSchema(AnswerTemplate template) {
        ObjectNode schema = object();
        ObjectNode properties = (ObjectNode) schema.get("properties");
        ArrayNode required = (ArrayNode) schema.get("required");
        for (String attribute : template.fields().keySet()) {
            properties.putObject(attribute).put("type", "string").put("description", "why the response gives this value, or none");
            required.add(attribute);
        }
        return schema;
    }

    public static String traitExcerptUser(String question, String response, RubricTrait trait, int maxExcerpts, String feedback) {
        String text = TraitPrompt.single(question, response, trait) + "\n\nGive at most " + maxExcerpts + " excerpts.";
        return feedback == null || feedback.isBlank() ? text : text + "\n\n<feedback>\n" + feedback.strip() + "\n</feedback>";
    }

    /** {@code {excerpts: [{text, confidence}]}}, at most {@code maxExcerpts}. */
    public static JsonNode traitExcerptSchema(int maxExcerpts) {
        ObjectNode schema = object();
        excerptList((ObjectNode) schema.get("properties"), "excerpts", maxExcerpts);
        ((ArrayNode) schema.get("required")).add("excerpts");
        return schema;
    }

    /** {@code excerpts} null: the trait is reasoned from the whole response (its {@code excerpt_enabled: false}). */
    public static String traitReasoningUser(String question, String response, RubricTrait trait, List<Excerpt> excerpts) {
        if (excerpts == null) {
            return TraitPrompt.single(question, response, trait);
        }
        ArrayNode quoted = Json.mapper().createArrayNode();
        excerpts.forEach(excerpt -> quoted(quoted, excerpt));
        return TraitPrompt.single(question, response, trait) + "\n\n<excerpts>\n" + quoted.toPrettyString() + "\n</excerpts>";
    }

    /** {@code {reasoning: string}}. */
    public static JsonNode traitReasoningSchema() {
        ObjectNode schema = object();
        ((ObjectNode) schema.get("properties")).putObject("reasoning").put("type", "string");
        ((ArrayNode) schema.get("required")).add("reasoning");
        return schema;
    }

    public static String traitScoreUser(String question, String response, RubricTrait trait, String reasoning) {
        return TraitPrompt.single(question, response, trait) + "\n\n<reasoning>\n" + reasoning.strip() + "\n</reasoning>";
    }

    public static String hallucinationUser(String question, List<JudgeInputs.SearchedExcerpt> excerpts) {
        StringBuilder text = new StringBuilder("<question>\n").append(question.strip()).append("\n</question>\n\nAssess the hallucination risk of each of the ")
                .append(excerpts.size()).append(excerpts.size() == 1 ? " excerpt below." : " excerpts below.");
        for (JudgeInputs.SearchedExcerpt searched : excerpts) {
            Excerpt excerpt = searched.excerpt();
            text.append("\n\n<excerpt id=\"").append(searched.id()).append("\" about=\"").append(searched.about()).append("\">\n")
                    .append("Text: ").append(excerpt.text()).append('\n')
                    .append("Confidence: ").append(excerpt.confidence()).append('\n')
                    .append("Search results:\n").append(searchText(excerpt.searchResults()))
                    .append("\n</excerpt>");
        }
        return text.toString();
    }

    /** {@code {assessments: [{excerpt_id, hallucination_risk, justification}]}}. */
    public static JsonNode hallucinationSchema() {
        ObjectNode schema = object();
        ObjectNode list = ((ObjectNode) schema.get("properties")).putObject("assessments").put("type", "array");
        ObjectNode item = list.putObject("items").put("type", "object");
        ObjectNode properties = item.putObject("properties");
        properties.putObject("excerpt_id").put("type", "string");
        ArrayNode risks = properties.putObject("hallucination_risk").put("type", "string").putArray("enum");
        RISKS.forEach(risks::add);
        properties.putObject("justification").put("type", "string");
        item.putArray("required").add("excerpt_id").add("hallucination_risk").add("justification");
        item.put("additionalProperties", false);
        ((ArrayNode) schema.get("required")).add("assessments");
        return schema;
    }

    /** The assessor's answer, per excerpt id; risks it did not give, or gave outside the four levels, are left out. */
    public static Map<String, JudgeInputs.Risk> readRisks(JsonNode answer) {
        Map<String, JudgeInputs.Risk> risks = new java.util.LinkedHashMap<>();
        for (JsonNode item : answer.path("assessments")) {
            String risk = item.path("hallucination_risk").asText("").strip().toLowerCase(java.util.Locale.ROOT);
            if (RISKS.contains(risk)) {
                risks.put(item.path("excerpt_id").asText(""), new JudgeInputs.Risk(risk, item.path("justification").asText("")));
            }
        }
        return risks;
    }

    /** The highest of {@code risks} (none … high); null when there are none. */
    public static String highestRisk(java.util.Collection<String> risks) {
        return risks.stream().filter(RISKS::contains).max(java.util.Comparator.comparingInt(RISKS::indexOf)).orElse(null);
    }

    private static String searchText(List<SearchResult> results) {
        if (results == null || results.isEmpty()) {
            return "(no results)";
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            SearchResult result = results.get(i);
            text.append(i == 0 ? "" : "\n").append('[').append(i + 1).append("] ");
            if (result.title() != null) {
                text.append(result.title()).append(' ');
            }
            if (result.url() != null) {
                text.append('(').append(result.url()).append(')');
            }
            text.append("\n").append(result.content().strip());
        }
        return text.toString();
    }

    public static String parsingUser(String question, String response, Map<String, String> reasoning) {
        ObjectNode reasons = Json.mapper().createObjectNode();
        reasoning.forEach(reasons::put);
        return JudgeInput.of(question, response) + "\n\n<reasoning>\n" + reasons.toPrettyString() + "\n</reasoning>";
    }

    /** An excerpt as the reasoning call sees it: the quote, its confidence and, when assessed, its hallucination risk. */
    private static void quoted(ArrayNode items, Excerpt excerpt) {
        ObjectNode item = items.addObject().put("text", excerpt.text()).put("confidence", excerpt.confidence());
        if (excerpt.hallucinationRisk() != null) {
            item.put("hallucination_risk", excerpt.hallucinationRisk());
        }
    }

    /** {@code name}: a list of at most {@code maxExcerpts} {@code {text, confidence}} quotes. */
    private static void excerptList(ObjectNode properties, String name, int maxExcerpts) {
        ObjectNode list = properties.putObject(name).put("type", "array").put("maxItems", maxExcerpts);
        ObjectNode item = list.putObject("items").put("type", "object");
        ObjectNode itemProperties = item.putObject("properties");
        itemProperties.putObject("text").put("type", "string").put("description", "a verbatim quote of the response");
        ArrayNode confidences = itemProperties.putObject("confidence").put("type", "string").putArray("enum");
        CONFIDENCES.forEach(confidences::add);
        item.putArray("required").add("text").add("confidence");
        item.put("additionalProperties", false);
    }

    private static ObjectNode object() {
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        schema.putObject("properties");
        schema.putArray("required");
        schema.put("additionalProperties", false);
        return schema;
    }

    private static String schemaText(AnswerTemplate template) {
        return TemplateSchemas.of(template).toPrettyString();
    }
}
