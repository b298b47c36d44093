package dev.assay.it;

import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;

import java.util.Map;
import java.util.Optional;

/**
 * What the stub answers in the end-to-end run, decided per request: answering models answer
 * questions; judges fill whichever schema the request carries (abstention, template, rubric) for
 * whichever known response they are shown. Independent of the exact prompt wording, so the test
 * asserts the prompts instead of depending on them.
 */
final class ScriptedModels {

    static final String Q_FRANCE = "What is the capital of France?";
    static final String Q_SPIDER = "How many legs does a spider have?";
    static final String Q_GOLD = "What is the chemical symbol for gold?";

    /** (model, question) → answer; model-b fails on gold with HTTP 500 every time. */
    static final Map<String, String> ANSWERS = Map.of(
            "model-a|" + Q_FRANCE, "The capital of France is Paris.",
            "model-a|" + Q_SPIDER, "A spider has 8 legs.",
            "model-a|" + Q_GOLD, "The symbol for gold is Au.",
            "model-b|" + Q_FRANCE, "I think it is Paris.",
            "model-b|" + Q_SPIDER, "A spider has 6 legs.");

    /** response → what a judge extracts from it. */
    static final Map<String, String> PARSED = Map.of(
            "The capital of France is Paris.", "{\"city\":\"Paris\"}",
            "A spider has 8 legs.", "{\"legs\":8}",
            "The symbol for gold is Au.", "{\"symbol\":\"Au\"}",
            "I think it is Paris.", "{\"city\":\"Paris\"}",
            "A spider has 6 legs.", "{\"legs\":6}");

    static final int GENERATION_INPUT_TOKENS = 10;
    static final int GENERATION_OUTPUT_TOKENS = 5;

    private ScriptedModels() {
    }

    static StubReply reply(RecordedRequest request) {
        String model = request.model() == null ? "" : request.model();
        if (model.startsWith("model-")) {
            return answer(model, request);
        }
        boolean anthropic = request.path().endsWith("/messages");
        String body = request.body();
        String judged = PARSED.keySet().stream().filter(body::contains).findFirst()
                .orElseThrow(() -> new IllegalStateException("judge request shows no known response: " + body));
        String json;
        if (mentions(body, "abstention_detected")) {
            json = "{\"reasoning\":\"The response answers the question.\",\"abstention_detected\":false}";
        } else if (mentions(body, "concise")) {
            json = "{\"concise\":{\"reasoning\":\"It is one sentence.\",\"verdict\":true}}";
        } else if (mentions(body, "city") || mentions(body, "legs") || mentions(body, "symbol")) {
            json = PARSED.get(judged);
        } else {
            throw new IllegalStateException("judge request with no schema this script knows: " + body);
        }
        return anthropic ? StubReply.toolCall("record_answer", json) : StubReply.text(json).withUsage(40, 8);
    }

    private static StubReply answer(String model, RecordedRequest request) {
        String question = request.lastUserMessage().orElse("");
        Optional<String> known = ANSWERS.keySet().stream()
                .filter(key -> key.startsWith(model + "|") && question.contains(key.substring(model.length() + 1)))
                .findFirst();
        if (known.isEmpty()) {
            return StubReply.serverError();
        }
        return StubReply.text(ANSWERS.get(known.get())).withUsage(GENERATION_INPUT_TOKENS, GENERATION_OUTPUT_TOKENS);
    }

    /** A schema property name, as it appears in the raw body: quoted, or quoted inside a JSON string. */
    private static boolean mentions(String body, String property) {
        return body.contains("\"" + property + "\"") || body.contains("\\\"" + property + "\\\"");
    }
}
