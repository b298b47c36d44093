package dev.assay.common.validation;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.run.RunConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SpecReaderTest {

    @Test
    void readsAValidBenchmark() {
        Benchmark benchmark = SpecReader.read("""
                name: capitals
                questions:
                  - id: fr
                    question: What is the capital of France?
                    raw_answer: Paris
                    template:
                      fields:
                        city: {type: string, description: the capital city, ground_truth: Paris}
                    rubric:
                      traits:
                        - {name: concise, kind: boolean, description: "Is it one sentence?"}
                        - {name: no_hedging, kind: regex, pattern: "(?i)i think", invert: true}
                  - question: How many legs has a spider?
                    template:
                      fields:
                        legs: {type: integer, description: number of legs, ground_truth: 8}
                """, Benchmark.class);
        assertThat(benchmark.questions()).hasSize(2);
        assertThat(benchmark.questions().get(0).template().fields().get("city").type()).isEqualTo(FieldType.STRING);
        assertThat(benchmark.questions().get(1).id()).hasSize(32);
        assertThat(benchmark.questions().get(0).rubric().traits().get(1).isInverted()).isTrue();
    }

    @Test
    void listsEveryProblemWithItsPath() {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read("""
                questions:
                  - id: a
                    question: Q1
                    colour: red
                    template:
                      fields:
                        dose: {type: numbr, description: d, ground_truth: 5}
                        when: {type: date, description: d, ground_truth: "yesterday"}
                  - id: a
                    question: ""
                    rubric:
                      traits:
                        - {name: t, kind: boolen, description: x}
                        - {name: r, kind: regex, pattern: "(unclosed"}
                """, Benchmark.class));
        assertThat(error.errors()).extracting(Object::toString).contains(
                "questions[0]: unknown field \"colour\"",
                "questions[1].id: duplicate id \"a\" (also used by questions[0])",
                "questions[1].question: is required");
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("questions[0].template.fields.dose.type: ").contains("numbr").contains("did you mean \"number\""));
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("questions[0].template.fields.when.ground_truth: must be a date"));
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("questions[1].rubric.traits[0].kind: unknown trait kind \"boolen\"").contains("did you mean \"boolean\""));
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("questions[1].rubric.traits[1].pattern: invalid regular expression"));
        assertThat(error.getMessage()).doesNotContain("Exception").doesNotContain("at dev.assay");
    }

    @Test
    void wrongTypesAreReportedAndReadingGoesOn() {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read("""
                answering_models:
                  - {interface: openai, model: gpt-4o, temperature: hot, max_tokens: [1]}
                judges: judge-model
                replicates: 0
                """, RunConfig.class));
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("answering_models[0].temperature: ").contains("hot"));
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("answering_models[0].max_tokens: expected an integer, got a list"));
        assertThat(error.errors()).extracting(Object::toString).anySatisfy(line ->
                assertThat(line).startsWith("judges: expected a list"));
        assertThat(error.errors()).extracting(Object::toString).contains("replicates: must be between 1 and 1000, got 0");
    }

    @Test
    void runConfigWithDurationsAndPromptConfig() {
        RunConfig config = SpecReader.read("""
                answering_models:
                  - {interface: openai, model: gpt-4o, base_url: "http://127.0.0.1:8000/v1", api_key_env: OPENAI_API_KEY, timeout: 90}
                  - {interface: openai, model: gpt-4o, id: hot, temperature: 1.2, timeout: 2m}
                judges:
                  - {interface: anthropic, model: claude-sonnet-4, timeout: PT30S}
                prompt_config:
                  parsing: Doses in mg.
                """, RunConfig.class);
        assertThat(config.answeringModels().get(0).timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.answeringModels().get(1).timeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.answeringModels().get(1).canonicalKey()).isEqualTo("openai:gpt-4o:hot");
        assertThat(config.judges().get(0).timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.effectivePromptConfig().parsing()).isEqualTo("Doses in mg.");
    }

    @Test
    void unknownPromptConfigFieldIsReportedUnderItsPath() {
        assertThatThrownBy(() -> SpecReader.read("""
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                prompt_config: {parsin: x}
                """, RunConfig.class))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("prompt_config: unknown field \"parsin\"")
                .hasMessageNotContaining("prompt_config: prompt_config");
    }

    @Test
    void anApiKeyPastedIntoApiKeyEnvIsRejectedWithoutBeingEchoed() {
        String secret = "sk-proj-AbC123-secret-value";
        assertThatThrownBy(() -> SpecReader.read("""
                answering_models: [{interface: openai, model: m, api_key_env: "%s"}]
                judges: [{interface: openai, model: j}]
                """.formatted(secret), RunConfig.class))
                .hasMessageContaining("answering_models[0].api_key_env: must name an environment variable")
                .hasMessageNotContaining(secret);
    }

    @Test
    void emptyAndSyntacticallyBrokenDocumentsAreClearErrors() {
        assertThatThrownBy(() -> SpecReader.read("", Benchmark.class)).hasMessageContaining("the document is empty");
        assertThatThrownBy(() -> SpecReader.read("questions: [ {question: x", Benchmark.class))
                .isInstanceOf(ValidationException.class).hasMessageContaining("line");
    }

    /** PostgreSQL's text and jsonb cannot hold U+0000: one such answer failed the whole run with HTTP 500. */
    @Test
    void aNulCharacterIsRefusedWhereItIsWithLineColumnAndPath() {
        assertThatThrownBy(() -> SpecReader.read("""
                questions:
                  - id: q1
                    question: "Say \\0 twice"
                """, Benchmark.class)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("document:3:5: questions[0].question: contains the NUL character (U+0000)");
        InvalidSpecException error = catchThrowableOfType(InvalidSpecException.class, () -> SpecReader.read("""
                answering_models: [{interface: manual}]
                judges: [{interface: manual}]
                manual_answers:
                  q1: {"response": "a\\u0000b", "variables": {"x\\0": "y"}}
                """, RunConfig.class));
        assertThat(error.getMessage()).contains("document:4:8: manual_answers.q1.response: contains the NUL character (U+0000)")
                .contains("manual_answers.q1.variables: a name contains the NUL character (U+0000)");
    }

    private static java.util.List<String> problems(String name, String text, Class<? extends Validatable> type) {
        return SpecReader.read(SpecDocument.text(name, text), type, null).problems().stream().map(Problem::toString).toList();
    }

    /** Jackson keeps the last of a key written twice: the first list of questions vanished without a word. */
    @Test
    void aKeyWrittenTwiceAtAnyLevelIsAProblemNamingBothPlaces() {
        assertThat(problems("b.yaml", """
                questions:
                  - {id: q1, question: "a?", raw_answer: x, raw_answer: y}
                questions:
                  - {id: q2, question: "b?"}
                """, Benchmark.class)).contains(
                "b.yaml:3:1: questions: duplicate key \"questions\", also written at line 1, column 1; write each key once (only one of the values would be read)",
                "b.yaml:2:45: questions[0].raw_answer: duplicate key \"raw_answer\", also written at line 2, column 30; write each key once (only one of the values would be read)");
        assertThat(problems("b.json", """
                {"questions": [{"id": "q1", "question": "a?",
                                "template": {"fields": {"x": {"type": "string", "description": "d", "description": "e"}}}}]}
                """, Benchmark.class)).contains(
                "b.json:2:85: questions[0].template.fields.x.description: duplicate key \"description\", also written at line 2, column 65; write each key once (only one of the values would be read)");
    }

    /** Jackson turns 3 into "3" and truncates 1.5 to 1: each is a problem, and all are listed at once. */
    @Test
    void aNumberForTextAndAFractionForAnIntegerAreProblemsListedTogether() {
        assertThat(problems("run.yaml", """
                answering_models:
                  - {interface: 3, model: m, max_tokens: 10.5, max_concurrency: 2.5, seed: 1.25}
                judges: [{interface: openai, model: true}]
                replicates: 1.5
                few_shot: {mode: k_shot, k: 0.5}
                """, RunConfig.class)).containsExactly(
                "run.yaml:2:6: answering_models[0].interface: expected text, got a number",
                "run.yaml:2:30: answering_models[0].max_tokens: 10.5 is not an integer",
                "run.yaml:2:48: answering_models[0].max_concurrency: 2.5 is not an integer",
                "run.yaml:2:70: answering_models[0].seed: 1.25 is not an integer",
                "run.yaml:3:30: judges[0].model: expected text, got true/false",
                "run.yaml:4:1: replicates: 1.5 is not an integer",
                "run.yaml:5:26: few_shot.k: 0.5 is not an integer");
        // a whole number written with a fraction of zero is still that number
        assertThat(SpecReader.read("""
                answering_models: [{interface: openai, model: m, max_tokens: 10.0}]
                judges: [{interface: openai, model: j}]
                replicates: 2.0
                """, RunConfig.class).effectiveReplicates()).isEqualTo(2);
    }

    /** SnakeYAML read the first document and dropped the rest. */
    @Test
    void aSecondDocumentIsRefusedWhereItStartsAndTheFirstIsStillChecked() {
        assertThat(problems("run.yaml", """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                replicates: 0
                ---
                replicates: 2
                """, RunConfig.class)).containsExactly(
                "run.yaml:5:1: a second document starts here; a text holds one document (remove the rest, or put it in a file of its own)",
                "run.yaml:3:1: replicates: must be between 1 and 1000, got 0");
        assertThat(problems("run.json", "{\"replicates\": 1}\n{\"replicates\": 2}\n", RunConfig.class))
                .contains("run.json:2:1: a second document starts here; a text holds one document (remove the rest, or put it in a file of its own)");
    }

    /**
     * SnakeYAML copies its buffer for every 1024 characters of one token: a 20 MB name took a minute
     * to refuse. A YAML line past the limit is refused before it is parsed; JSON has its own parser.
     */
    @Test
    void aYamlLineTooLongToReadInTimeIsRefusedWithItsLineAndJsonIsReadByItsOwnParser() {
        String name = "x".repeat(TextShapes.MAX_YAML_LINE + 1);
        assertThat(problems("run.yaml", "answering_models: [{interface: openai, model: m}]\nname: " + name + "\n", RunConfig.class))
                .containsExactly("run.yaml:2:1: line 2 is " + (name.length() + 6) + " characters long; a YAML line may hold at most "
                        + TextShapes.MAX_YAML_LINE + ": break it (a quoted string or a | block can go on over several lines) "
                        + "or write the document as JSON");
        assertThat(problems("run.json", "{\"answering_models\": [{\"interface\": \"openai\", \"model\": \"m\"}],\n"
                + " \"judges\": [{\"interface\": \"openai\", \"model\": \"j\"}], \"name\": \"" + name + "\"}", RunConfig.class))
                .containsExactly("run.json:2:53: name: is " + name.length() + " characters long; at most 512 fit the result store");
    }
}
