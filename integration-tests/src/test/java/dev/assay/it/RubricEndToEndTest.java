package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The rubric flow through the deployed pipeline: one question whose rubric has a trait of every
 * kind (boolean, score, literal, regex, expression with each result kind, metric in both modes),
 * global traits and dynamic traits from the run config, and nuggets on both questions. The same
 * benchmark runs twice on one stack, with rubric_strategy batch and sequential. The scripted
 * judge answers by what each request asks (the traits, concepts, instructions or nuggets it
 * lists), so the test checks the scores the stage computes and the prompts it sent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RubricEndToEndTest {

    private static final String Q_SUM = "What is 2 + 3?";
    private static final String Q_COLOUR = "Name a primary colour.";
    private static final Map<String, String> ANSWERS = Map.of(Q_SUM, "The sum is 5.", Q_COLOUR, "Red.");
    private static final Map<String, String> PARSED = Map.of("The sum is 5.", "{\"sum\":5}", "Red.", "{\"colour\":\"red\"}");

    /** Nugget text → the label the judge gives it. */
    private static final Map<String, String> NUGGET_LABELS = Map.of(
            "The answer is 5", "support",
            "2 plus 3 are added", "partial_support",
            "Addition is commutative", "not_support",
            "Red is a primary colour", "supported");

    private static final String RUBRIC_NOTE = "RUBRIC-NOTE: be strict.";
    private static final String NUGGET_NOTE = "NUGGET-NOTE: label literally.";

    private PipelineStack stack;
    /** strategy → question id → result. */
    private final Map<String, Map<String, JsonNode>> results = new HashMap<>();

    @BeforeAll
    void runBothStrategies() throws Exception {
        stack = PipelineStack.start();
        stack.stub().fallback(StubReply.computed(RubricEndToEndTest::reply));
        RestAssured.baseURI = stack.apiUrl();
        for (String strategy : List.of("batch", "sequential")) {
            String runId = RunApi.submit(runRequest(strategy)).get("run_id").asText();
            RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
            Map<String, JsonNode> byQuestion = new HashMap<>();
            RunApi.results(runId).get("results").forEach(result -> byQuestion.put(result.get("question_id").asText(), result));
            results.put(strategy, byQuestion);
        }
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void everyTraitKindHasItsExpectedScore() {
        for (String strategy : results.keySet()) {
            JsonNode result = results.get(strategy).get("sum");
            assertThat(result.get("status").asText()).as(strategy).isEqualTo("passed");
            Map<String, JsonNode> traits = traits(result);
            assertThat(traits.keySet()).as(strategy).containsExactly(
                    "clear", "depth", "tone", "has_number", "arithmetic", "length_score", "size_class", "coverage", "safety",
                    "polite", "math_notation");
            assertThat(traits.values()).as(strategy).allSatisfy(trait -> assertThat(trait.has("error")).isFalse());

            assertThat(traits.get("clear").get("passed").asBoolean()).isTrue();
            assertThat(traits.get("clear").get("reasoning").asText()).isEqualTo("Judged clear.");
            assertThat(traits.get("depth").get("score").asDouble()).isEqualTo(4.0);
            assertThat(traits.get("tone").get("label").asText()).isEqualTo("casual");
            assertThat(traits.get("tone").get("score").asDouble()).isEqualTo(1.0);
            assertThat(traits.get("has_number").get("passed").asBoolean()).isTrue();
            // expression traits, computed locally from the response, the parsed fields and the prompt parameters
            assertThat(traits.get("arithmetic").get("passed").asBoolean()).isTrue();
            assertThat(traits.get("length_score").get("score").asDouble()).isEqualTo(8.0);
            assertThat(traits.get("size_class").get("label").asText()).isEqualTo("big");
            assertThat(traits.get("size_class").get("score").asDouble()).isEqualTo(1.0);
            // tp_only: 1 of 2 satisfied, nothing unmatched → precision 1, recall 1/2, F1 2/3
            JsonNode coverage = traits.get("coverage").get("metrics");
            assertThat(coverage.get("precision").asDouble()).isEqualTo(1.0);
            assertThat(coverage.get("recall").asDouble()).isEqualTo(0.5);
            assertThat(coverage.get("f1").asDouble()).isCloseTo(2.0 / 3, within(1e-9));
            assertThat(coverage.has("specificity")).isFalse();
            assertThat(texts(coverage.get("true_positives"))).containsExactly("states the sum");
            assertThat(texts(coverage.get("false_negatives"))).containsExactly("shows the working");
            assertThat(traits.get("coverage").get("score").asDouble()).isCloseTo(2.0 / 3, within(1e-9));
            // full_matrix: tp satisfied, the tn instruction violated → precision 1/2, recall 1, specificity 0, accuracy 1/2
            JsonNode safety = traits.get("safety").get("metrics");
            assertThat(safety.get("precision").asDouble()).isEqualTo(0.5);
            assertThat(safety.get("recall").asDouble()).isEqualTo(1.0);
            assertThat(safety.get("specificity").asDouble()).isEqualTo(0.0);
            assertThat(safety.get("accuracy").asDouble()).isEqualTo(0.5);
            assertThat(texts(safety.get("false_positives"))).containsExactly("mentions subtraction");
            // global and promoted dynamic traits
            assertThat(traits.get("polite").get("passed").asBoolean()).isTrue();
            assertThat(traits.get("math_notation").get("dynamic").asBoolean()).isTrue();
            assertThat(texts(result.get("dynamic_rubric").get("promoted"))).containsExactly("math_notation");
            assertThat(texts(result.get("dynamic_rubric").get("skipped"))).containsExactly("dosage");
        }
    }

    @Test
    void nuggetsAreLabelledInWindowsAndScored() {
        for (String strategy : results.keySet()) {
            JsonNode nuggets = results.get(strategy).get("sum").get("nuggets");
            List<String> labels = new ArrayList<>();
            nuggets.get("nuggets").forEach(nugget -> labels.add(nugget.get("label").asText()));
            assertThat(labels).containsExactly("support", "partial_support", "not_support");
            // window_size 2: 2 nuggets, then 1
            assertThat(nuggets.get("windows")).hasSize(2);
            assertThat(nuggets.get("windows").get(0).get("expected").asInt()).isEqualTo(2);
            assertThat(nuggets.get("windows").get(1).get("first").asInt()).isEqualTo(2);
            assertThat(nuggets.get("windows").get(0).get("format").asText()).isEqualTo("json");
            assertThat(nuggets.get("windows").get(0).get("error").asText()).isEqualTo("none");
            JsonNode scores = nuggets.get("scores");
            assertThat(scores.get("strict_vital_recall").asDouble()).isEqualTo(1.0);
            assertThat(scores.get("strict_all_recall").asDouble()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(scores.get("vital_recall").asDouble()).isEqualTo(1.0);
            assertThat(scores.get("all_recall").asDouble()).isEqualTo(0.5);

            // a synonym ("supported") read as support; the only nugget is vital
            JsonNode colour = results.get(strategy).get("colour").get("nuggets");
            assertThat(colour.get("nuggets").get(0).get("label").asText()).isEqualTo("support");
            assertThat(colour.get("scores").get("strict_all_recall").asDouble()).isEqualTo(1.0);
        }
    }

    @Test
    void batchAsksOneCallPerGroupAndSequentialOneCallPerTrait() {
        assertThat(rubricTasks(results.get("batch").get("sum"))).containsExactly(
                "rubric_dynamic_presence_check", "rubric_llm_trait_batch", "rubric_literal_trait_batch",
                "rubric_metric_trait", "rubric_metric_trait", "nugget_assignment", "nugget_assignment");
        // clear, depth, polite, math_notation one by one (in rubric order), then tone
        assertThat(rubricTasks(results.get("sequential").get("sum"))).containsExactly(
                "rubric_dynamic_presence_check", "rubric_llm_trait_single", "rubric_llm_trait_single",
                "rubric_llm_trait_single", "rubric_llm_trait_single", "rubric_literal_trait_single",
                "rubric_metric_trait", "rubric_metric_trait", "nugget_assignment", "nugget_assignment");
    }

    @Test
    void everyRubricPromptIsAssembledInDesignOrder() {
        for (JsonNode call : results.get("batch").get("sum").get("calls")) {
            String task = call.get("task").asText();
            if (!task.startsWith("rubric_") && !task.equals("nugget_assignment")) {
                continue;
            }
            JsonNode messages = call.get("messages");
            assertThat(messages.get(0).get("role").asText()).as(task).isEqualTo("system");
            String system = content(messages.get(0));
            String user = content(messages.get(1));
            if (task.equals("nugget_assignment")) {
                // no schema for nuggets (the format is the prompt's); the run's nugget instructions last
                assertThat(system).as(task).doesNotContain("<json_schema>").endsWith(NUGGET_NOTE);
                assertThat(user).as(task).contains("<nuggets>");
            } else {
                // DESIGN §3: task instructions, then the openai adapter's schema, then the user's rubric instructions
                int schema = system.indexOf("<json_schema>");
                assertThat(schema).as(task).isGreaterThan(0);
                assertThat(system.indexOf(RUBRIC_NOTE)).as(task).isGreaterThan(system.indexOf("</json_schema>"));
                assertThat(system).as(task).endsWith(RUBRIC_NOTE);
                assertThat(user).as(task).contains("<response>\nThe sum is 5.\n</response>").endsWith("Respond with the JSON object only.");
            }
            // what the stub received is exactly what the result recorded
            assertThat(stack.stub().requests()).as(task).anySatisfy(sent -> {
                assertThat(sent.systemMessage()).contains(system);
                assertThat(sent.lastUserMessage()).contains(user);
            });
        }
    }

    @Test
    void runScoresShowTheMeans() {
        JsonNode run = RunApi.run(results.get("batch").get("sum").get("run_id").asText());
        JsonNode scores = Json.read(RestAssured.get("/api/runs/" + run.get("run_id").asText() + "/scores").asString(), JsonNode.class);
        JsonNode overall = scores.get("overall");
        assertThat(overall.get("results").asInt()).isEqualTo(2);
        assertThat(overall.get("nuggets").get("scored").asInt()).isEqualTo(2);
        assertThat(overall.get("nuggets").get("all_recall").asDouble()).isEqualTo((0.5 + 1.0) / 2);
        Map<String, JsonNode> traits = new LinkedHashMap<>();
        overall.get("traits").forEach(trait -> traits.put(trait.get("name").asText(), trait));
        assertThat(traits.get("polite").get("scored").asInt()).isEqualTo(2);
        assertThat(traits.get("polite").get("pass_rate").asDouble()).isEqualTo(1.0);
        assertThat(traits.get("depth").get("mean_score").asDouble()).isEqualTo(4.0);
    }

    // ---- the scripted models ----

    private static StubReply reply(RecordedRequest request) {
        String model = request.model() == null ? "" : request.model();
        String user = request.lastUserMessage().orElse("");
        if (model.equals("model-a")) {
            return ANSWERS.entrySet().stream().filter(entry -> user.contains(entry.getKey())).findFirst()
                    .<StubReply>map(entry -> StubReply.text(entry.getValue()).withUsage(10, 5))
                    .orElseGet(StubReply::serverError);
        }
        String body = request.body();
        String answer;
        if (user.contains("<nuggets>")) {
            answer = nuggetLabels(user);
        } else if (user.contains("<concepts>")) {
            answer = "{\"dosage\":false,\"math_notation\":true}";
        } else if (mentions(body, "unmatched_statements")) {
            answer = "{\"reasoning\":\"States the sum only.\",\"satisfied\":[1],\"missed\":[2],\"unmatched_statements\":[]}";
        } else if (mentions(body, "respected")) {
            answer = "{\"reasoning\":\"Gives the number but talks of subtraction.\",\"satisfied\":[1],\"missed\":[],"
                    + "\"violated\":[1],\"respected\":[]}";
        } else if (user.contains("<traits>") || user.contains("<trait>")) {
            answer = traitAnswers(user, user.contains("<traits>"));
        } else {
            answer = PARSED.entrySet().stream().filter(entry -> user.contains(entry.getKey())).findFirst()
                    .map(Map.Entry::getValue)
                    .orElseThrow(() -> new IllegalStateException("a judge request this script does not know: " + body));
        }
        return StubReply.text(answer).withUsage(40, 8);
    }

    /** One answer per trait listed as {@code - name (…): description}; a batch keys them by name. */
    private static String traitAnswers(String user, boolean batch) {
        Map<String, String> byTrait = Map.of(
                "clear", "{\"reasoning\":\"Judged clear.\",\"verdict\":true}",
                "depth", "{\"reasoning\":\"Some depth.\",\"score\":4}",
                "polite", "{\"reasoning\":\"Neutral and polite.\",\"verdict\":true}",
                "math_notation", "{\"reasoning\":\"Uses a number.\",\"verdict\":true}",
                "tone", "{\"reasoning\":\"Plain words.\",\"class\":\"casual\"}");
        Matcher listed = Pattern.compile("(?m)^- (\\w+) \\(").matcher(user);
        List<String> answers = new ArrayList<>();
        while (listed.find()) {
            String name = listed.group(1);
            String answer = byTrait.get(name);
            if (answer == null) {
                throw new IllegalStateException("no scripted answer for trait " + name);
            }
            answers.add(batch ? "\"" + name + "\":" + answer : answer);
        }
        return batch ? "{" + String.join(",", answers) + "}" : answers.get(0);
    }

    /** The labels of the nuggets numbered in the window, behind a reasoning block the parser must drop. */
    private static String nuggetLabels(String user) {
        String window = user.substring(user.indexOf("<nuggets>"), user.indexOf("</nuggets>"));
        Matcher numbered = Pattern.compile("(?m)^\\d+\\. (.+)$").matcher(window);
        List<String> labels = new ArrayList<>();
        while (numbered.find()) {
            labels.add("\"" + NUGGET_LABELS.get(numbered.group(1).strip()) + "\"");
        }
        return "<reasoning>1. {\"labels\": [\"not_support\"]} is not my answer.</reasoning>\n{\"labels\": [" + String.join(", ", labels) + "]}";
    }

    private static boolean mentions(String body, String property) {
        return body.contains("\"" + property + "\"") || body.contains("\\\"" + property + "\\\"");
    }

    // ---- reading results ----

    private static Map<String, JsonNode> traits(JsonNode result) {
        Map<String, JsonNode> traits = new LinkedHashMap<>();
        result.get("rubric").forEach(trait -> traits.put(trait.get("name").asText(), trait));
        return traits;
    }

    private static List<String> rubricTasks(JsonNode result) {
        List<String> tasks = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.get("stage").asText().equals("rubric")) {
                tasks.add(call.get("task").asText());
            }
        });
        return tasks;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static String content(JsonNode message) {
        JsonNode content = message.get("content");
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        content.forEach(block -> text.append(block.path("text").asText()));
        return text.toString();
    }

    private String runRequest(String strategy) throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: rubric kinds
                  questions:
                    - id: sum
                      question: "%s"
                      prompt_parameters: {a: "2", b: "3"}
                      template:
                        fields:
                          sum: {type: integer, description: the sum given, ground_truth: 5}
                      rubric:
                        traits:
                          - {name: clear, kind: boolean, description: The response is clear}
                          - {name: depth, kind: score, description: How much the response explains, min: 1, max: 5}
                          - name: tone
                            kind: literal
                            description: The register of the response
                            classes: {formal: Formal register, casual: Plain everyday register}
                          - {name: has_number, kind: regex, pattern: "\\\\d+"}
                          - {name: arithmetic, kind: expression, expression: "parsed.sum == int(a) + int(b)"}
                          - {name: length_score, kind: expression, result: score, min: 0, max: 10,
                             expression: "size(response) > 5 ? 8 : 2"}
                          - name: size_class
                            kind: expression
                            result: literal
                            classes: {small: below 4, big: 4 or more}
                            expression: "parsed.sum >= 4 ? 'big' : 'small'"
                          - {name: coverage, kind: metric, tp_instructions: [states the sum, shows the working]}
                          - {name: safety, kind: metric, mode: full_matrix, tp_instructions: [gives the number],
                             tn_instructions: [mentions subtraction]}
                      nuggets:
                        - {text: The answer is 5, importance: vital}
                        - {text: 2 plus 3 are added}
                        - {text: Addition is commutative}
                    - id: colour
                      question: "%s"
                      template:
                        fields:
                          colour: {type: string, description: the colour named, ground_truth: red}
                      nuggets:
                        - {text: Red is a primary colour, importance: vital}
                config:
                  name: rubric %s
                  answering_models:
                    - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                  rubric_strategy: %s
                  nugget_evaluation: {window_size: 2, prompt_style: short_cot, output_format: json}
                  prompt_config:
                    rubric_evaluation: "%s"
                    nugget_assignment: "%s"
                  global_rubric:
                    traits:
                      - {name: polite, kind: boolean, description: The response is polite}
                    dynamic_traits:
                      - {name: dosage, kind: boolean, description: Gives a safe dose, summary: medication doses}
                      - {name: math_notation, kind: boolean, description: Uses correct notation, summary: arithmetic}
                """.formatted(Q_SUM, Q_COLOUR, strategy, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV, strategy,
                RUBRIC_NOTE, NUGGET_NOTE);
        return Json.write(Json.yaml().readTree(yaml));
    }
}
