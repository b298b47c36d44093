package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.run.RunOutput;
import dev.assay.common.run.ManualAnswer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * An instance's recorded {@code response} as the manual answer of its question: text for a prompt
 * the model answers once, an object of variables for a multi-variable prompt (LVE keys it by the
 * assistant messages' variables), a list with one entry per item for a multi-run prompt.
 */
final class RecordedResponse {

    private RecordedResponse() {
    }

    static ManualAnswer toManualAnswer(AssayPrompt prompt, JsonNode response) {
        if (!prompt.multiRun()) {
            Answer answer = answer(prompt.conversations().get(0), response, "the response");
            return answer.variables().isEmpty() ? ManualAnswer.of(answer.text()) : new ManualAnswer(null, answer.variables(), null);
        }
        int items = prompt.conversations().size();
        if (!response.isArray() || response.size() != items) {
            throw new Untranslatable("the response is " + describe(response) + ", but the multi_run_prompt has " + items
                    + " item(s), each run once");
        }
        List<RunOutput> outputs = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            AssayPrompt.Conversation conversation = prompt.conversations().get(i);
            Answer answer = answer(conversation, response.get(i), "response[" + i + "]");
            outputs.add(new RunOutput(conversation.name(), 1, answer.text(), answer.variables()));
        }
        return new ManualAnswer(null, null, outputs);
    }

    /** @param text the last answer; variables empty when the conversation was answered once and recorded as text */
    private record Answer(String text, Map<String, String> variables) {
    }

    private static Answer answer(AssayPrompt.Conversation conversation, JsonNode recorded, String where) {
        List<AssayPrompt.AssistantTurn> filled = conversation.filled();
        if (recorded.isTextual()) {
            if (filled.size() != 1) {
                throw new Untranslatable(where + " is text, but the prompt fills " + filled.size() + " variables ("
                        + String.join(", ", filled.stream().map(AssayPrompt.AssistantTurn::variable).toList()) + ")");
            }
            return new Answer(recorded.textValue(), Map.of());
        }
        if (!recorded.isObject()) {
            throw new Untranslatable(where + " is " + describe(recorded) + ", not text or an object of variables");
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (AssayPrompt.AssistantTurn turn : filled) {
            JsonNode value = recorded.get(turn.lveName());
            if (value == null || !value.isTextual()) {
                throw new Untranslatable(where + " has no text for variable " + turn.lveName());
            }
            variables.put(turn.variable(), value.textValue());
        }
        String last = filled.isEmpty() ? "" : variables.get(filled.get(filled.size() - 1).variable());
        return new Answer(last, variables);
    }

    private static String describe(JsonNode value) {
        return value.isArray() ? "a list of " + value.size() : "a JSON " + value.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
