package dev.assay.importers.jsonl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.message.Role;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One JSONL sample to one question, with what was left out. */
final class SampleConverter {

    static final String ANSWER_FIELD = "answer";
    private static final Set<String> KNOWN = Set.of("input", "target", "ideal", "choices", "id", "metadata");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    record Converted(Question question, List<String> leftOut) {
    }

    Converted convert(JsonNode sample) {
        if (!sample.isObject()) {
            throw new SampleException("a sample is a JSON object, got " + kind(sample));
        }
        List<String> leftOut = new ArrayList<>();
        Iterator<String> names = sample.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!KNOWN.contains(name)) {
                leftOut.add("field \"" + name + "\" is not converted (Assay questions have no equivalent)");
            }
        }
        Input input = Input.read(sample.get("input"));
        List<String> choices = choices(sample.get("choices"));
        JsonNode target = target(sample, leftOut);

        AnswerTemplate template;
        String rawAnswer;
        Input asked = input;
        if (choices != null) {
            String correct = correctChoice(target, choices);
            rawAnswer = correct;
            asked = input.withChoices(choices);
            template = new AnswerTemplate(Map.of(ANSWER_FIELD, TemplateField.builder(FieldType.LITERAL,
                            "The text of the choice the response picks, one of the listed choices.")
                    .groundTruth(NODES.textNode(correct))
                    .values(choices)
                    .build()));
        } else {
            rawAnswer = answerText(target);
            template = new AnswerTemplate(Map.of(ANSWER_FIELD, exactField(target)));
        }
        Question question = Question.builder()
                .id(id(sample.get("id")))
                .question(asked.label())
                .rawAnswer(rawAnswer)
                .template(template)
                .prompt(asked.messages())
                .metadata(metadata(sample.get("metadata"), leftOut))
                .build();
        return new Converted(question, leftOut);
    }

    /** {@code target}, else {@code ideal}; required, because the exact-match template needs something to match. */
    private static JsonNode target(JsonNode sample, List<String> leftOut) {
        JsonNode target = present(sample.get("target"));
        JsonNode ideal = present(sample.get("ideal"));
        if (target != null && ideal != null && !target.equals(ideal)) {
            leftOut.add("\"ideal\" is not converted: \"target\" is given too and is the one matched");
        }
        JsonNode chosen = target != null ? target : ideal;
        if (chosen == null) {
            throw new SampleException("no \"target\" or \"ideal\": there is nothing to match the answer against");
        }
        if (chosen.isArray()) {
            if (chosen.isEmpty()) {
                throw new SampleException("\"" + (target != null ? "target" : "ideal") + "\" is an empty list");
            }
            for (JsonNode item : chosen) {
                if (!item.isTextual() && !item.isNumber()) {
                    throw new SampleException("\"" + (target != null ? "target" : "ideal") + "\" lists " + kind(item)
                            + "; accepted answers are text or numbers");
                }
            }
        } else if (!chosen.isTextual() && !chosen.isNumber() && !chosen.isBoolean()) {
            throw new SampleException("\"" + (target != null ? "target" : "ideal") + "\" is " + kind(chosen)
                    + "; expected text, a number, true/false or a list of accepted answers");
        }
        return chosen;
    }

    /**
     * One accepted answer: a field of its type, matched exactly. Several accepted texts: the first
     * is the ground truth and the others its synonyms.
     */
    private static TemplateField exactField(JsonNode target) {
        String description = "The final answer the response gives to the question.";
        if (target.isBoolean()) {
            return TemplateField.builder(FieldType.BOOLEAN, description).groundTruth(target).verify(NODES.textNode("exact")).build();
        }
        if (target.isNumber()) {
            FieldType type = target.isIntegralNumber() ? FieldType.INTEGER : FieldType.NUMBER;
            return TemplateField.builder(type, description).groundTruth(target).verify(NODES.textNode("exact")).build();
        }
        List<String> accepted = new ArrayList<>();
        if (target.isArray()) {
            target.forEach(item -> accepted.add(item.asText()));
        } else {
            accepted.add(target.asText());
        }
        ObjectNode verify = NODES.objectNode().put("primitive", "exact");
        List<String> aliases = accepted.stream().skip(1).distinct().filter(alias -> !alias.equals(accepted.get(0))).toList();
        if (!aliases.isEmpty()) {
            ObjectNode synonyms = verify.putObject("synonyms");
            aliases.forEach(synonyms.putArray(accepted.get(0))::add);
        }
        return TemplateField.builder(FieldType.STRING, description).groundTruth(NODES.textNode(accepted.get(0))).verify(verify).build();
    }

    private static String answerText(JsonNode target) {
        if (target.isArray()) {
            List<String> texts = new ArrayList<>();
            target.forEach(item -> texts.add(item.asText()));
            return String.join(" | ", texts);
        }
        return target.asText();
    }

    private static List<String> choices(JsonNode node) {
        node = present(node);
        if (node == null) {
            return null;
        }
        if (!node.isArray() || node.isEmpty()) {
            throw new SampleException("\"choices\" must be a non-empty list of texts, got " + kind(node));
        }
        List<String> choices = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode choice : node) {
            if (!choice.isTextual() || choice.asText().isBlank()) {
                throw new SampleException("\"choices\" must be texts, got " + kind(choice));
            }
            if (!seen.add(choice.asText().strip())) {
                throw new SampleException("choice \"" + choice.asText() + "\" is listed twice");
            }
            choices.add(choice.asText());
        }
        if (choices.size() > 26) {
            throw new SampleException("more than 26 choices: they are lettered A to Z");
        }
        return choices;
    }

    /** The target names the correct choice by its letter (Inspect: "B") or by its text. */
    private static String correctChoice(JsonNode target, List<String> choices) {
        if (target.isArray()) {
            if (target.size() != 1) {
                throw new SampleException("several correct choices " + target + ": a multiple-choice question is converted "
                        + "with one correct choice");
            }
            target = target.get(0);
        }
        String text = target.asText().strip();
        if (text.length() == 1 && Character.isLetter(text.charAt(0))) {
            int index = Character.toUpperCase(text.charAt(0)) - 'A';
            if (index >= 0 && index < choices.size()) {
                return choices.get(index);
            }
            throw new SampleException("target \"" + text + "\" names no choice: there are " + choices.size()
                    + " (A to " + (char) ('A' + choices.size() - 1) + ")");
        }
        for (String choice : choices) {
            if (choice.strip().equals(text)) {
                return choice;
            }
        }
        throw new SampleException("target \"" + text + "\" is neither a choice letter nor the text of a choice");
    }

    private static String id(JsonNode node) {
        node = present(node);
        if (node == null) {
            return null; // the question derives one from its text
        }
        if (node.isTextual() || node.isIntegralNumber()) {
            return node.asText();
        }
        throw new SampleException("\"id\" must be text or a whole number, got " + kind(node));
    }

    private static Map<String, JsonNode> metadata(JsonNode node, List<String> leftOut) {
        node = present(node);
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            leftOut.add("\"metadata\" is " + kind(node) + ", not an object: not kept");
            return null;
        }
        Map<String, JsonNode> metadata = new LinkedHashMap<>();
        node.fields().forEachRemaining(entry -> metadata.put(entry.getKey(), entry.getValue()));
        return metadata;
    }

    private static JsonNode present(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode() ? null : node;
    }

    static String kind(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isTextual()) {
            return "text";
        }
        if (node.isNumber()) {
            return "a number";
        }
        if (node.isBoolean()) {
            return "true/false";
        }
        return "null";
    }

    /**
     * What the model is asked: a text, or chat messages (kept as an LVE-style prompt, braces
     * escaped so that no text is ever taken for a {@code {placeholder}}).
     */
    record Input(String text, List<PromptMessage> chat) {

        static Input read(JsonNode node) {
            node = present(node);
            if (node == null) {
                throw new SampleException("no \"input\": there is no question to ask");
            }
            if (node.isTextual()) {
                if (node.asText().isBlank()) {
                    throw new SampleException("\"input\" is empty");
                }
                return new Input(node.asText(), null);
            }
            if (!node.isArray() || node.isEmpty()) {
                throw new SampleException("\"input\" must be text or a non-empty list of chat messages, got " + kind(node));
            }
            List<PromptMessage> messages = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                messages.add(message(node.get(i), i));
            }
            if (messages.stream().noneMatch(message -> message.role() == Role.USER)) {
                throw new SampleException("\"input\" has no user message");
            }
            return new Input(null, messages);
        }

        private static PromptMessage message(JsonNode node, int index) {
            String where = "input[" + index + "]";
            if (!node.isObject()) {
                throw new SampleException(where + " is " + kind(node) + "; a chat message is an object with role and content");
            }
            String roleName = node.path("role").asText("user");
            Role role = switch (roleName) {
                case "system", "developer" -> Role.SYSTEM;
                case "user" -> Role.USER;
                case "assistant" -> Role.ASSISTANT;
                default -> throw new SampleException(where + ": role \"" + roleName
                        + "\" is not converted (system, developer, user and assistant messages are)");
            };
            String content = content(node.get("content"), where);
            return new PromptMessage(role, role == Role.ASSISTANT ? content : escapeBraces(content), null);
        }

        /** Text, or a list of content parts of which only text parts can be asked. */
        private static String content(JsonNode node, String where) {
            node = present(node);
            if (node == null) {
                throw new SampleException(where + " has no content");
            }
            if (node.isTextual()) {
                return node.asText();
            }
            if (node.isArray()) {
                StringBuilder text = new StringBuilder();
                for (JsonNode part : node) {
                    String type = part.path("type").asText("");
                    if (!type.equals("text")) {
                        throw new SampleException(where + " has a \"" + type + "\" content part: only text is converted");
                    }
                    text.append(text.isEmpty() ? "" : "\n").append(part.path("text").asText());
                }
                return text.toString();
            }
            throw new SampleException(where + ".content is " + kind(node) + "; expected text or a list of text parts");
        }

        static String escapeBraces(String text) {
            return text.replace("{", "{{").replace("}", "}}");
        }

        /** The question's label: the text, or the last user message (as written, braces unescaped). */
        String label() {
            if (text != null) {
                return text;
            }
            for (int i = chat.size() - 1; i >= 0; i--) {
                if (chat.get(i).role() == Role.USER) {
                    return chat.get(i).content().replace("{{", "{").replace("}}", "}");
                }
            }
            throw new IllegalStateException("checked in read(): a chat input has a user message");
        }

        List<PromptMessage> messages() {
            return chat;
        }

        /** The choices lettered under the question (or under the last user message), as multiple-choice solvers show them. */
        Input withChoices(List<String> choices) {
            StringBuilder listed = new StringBuilder();
            for (int i = 0; i < choices.size(); i++) {
                listed.append('\n').append((char) ('A' + i)).append(") ").append(choices.get(i));
            }
            if (text != null) {
                return new Input(text + "\n" + listed, null);
            }
            List<PromptMessage> messages = new ArrayList<>(chat);
            for (int i = messages.size() - 1; i >= 0; i--) {
                PromptMessage message = messages.get(i);
                if (message.role() == Role.USER) {
                    messages.set(i, new PromptMessage(Role.USER, message.content() + "\n" + escapeBraces(listed.toString()), null));
                    break;
                }
            }
            return new Input(null, messages);
        }
    }
}
