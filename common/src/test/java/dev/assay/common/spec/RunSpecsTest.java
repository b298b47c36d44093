package dev.assay.common.spec;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Fixtures;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.validation.InvalidSpecException;
import dev.assay.common.validation.LocatedTree;
import dev.assay.common.validation.Problem;
import dev.assay.common.validation.SourceLocation;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.Validation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one validation of a run: every problem of both documents and of the pair, each placed in its file. */
class RunSpecsTest {

    private static final String CONFIG = """
            answering_models: [{interface: openai, model: a}]
            judges: [{interface: openai, model: j}]
            evaluation_mode: rubric_only
            """;

    private static final String BENCHMARK = """
            questions:
              - {id: q1, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}
            """;

    @TempDir
    Path dir;

    private static Validation<ValidRun> validate(String benchmarkYaml, String configYaml) {
        return RunSpecs.validate(SpecDocument.text("b.yaml", benchmarkYaml), SpecDocument.text("run.yaml", configYaml));
    }

    private static List<String> problems(Validation<?> validation) {
        return validation.problems().stream().map(Problem::toString).toList();
    }

    @Test
    void aValidPairYieldsAValidRunThatThePlannerExpands() {
        Validation<ValidRun> validation = validate("""
                questions:
                  - {id: q1, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}
                  - {id: q2, question: Say bye, rubric: {traits: [{name: bye, kind: regex, pattern: bye}]}}
                """, CONFIG.replace("evaluation_mode", "replicates: 3\nevaluation_mode"));

        assertThat(validation).isInstanceOf(Validation.Valid.class);
        assertThat(validation.problems()).isEmpty();
        ValidRun run = validation.orThrow();
        assertThat(run.benchmark().questions()).extracting("id").containsExactly("q1", "q2");
        assertThat(run.config().effectiveReplicates()).isEqualTo(3);
        List<VerificationJob> jobs = RunPlanner.plan("run-1", run, Fixtures.NOW);
        assertThat(jobs).extracting(job -> job.question().id() + "/" + job.replicate())
                .containsExactly("q1/1", "q1/2", "q1/3", "q2/1", "q2/2", "q2/3");
    }

    @Test
    void yamlProblemsArePlacedAtTheLineAndColumnOfTheirNode() {
        Validation<ValidRun> validation = validate("""
                name: doses
                questions:
                  - id: q1
                    question: How much?
                    template:
                      fields:
                        dose: {type: number, description: the dose, ground_truth: 5, verify: {primitive: exactt}}
                  - id: q1
                    question: Again?
                """, """
                answering_models:
                  - interface: openai
                    model: gpt-4o
                    temperature: 5
                judges: []
                """);

        assertThat(problems(validation)).containsExactly(
                "b.yaml:7:79: questions[0].template.fields.dose.verify.primitive: unknown primitive \"exactt\" (did you mean \"exact\"?)",
                "b.yaml:8:5: questions[1].id: duplicate id \"q1\" (also used by questions[0])",
                "run.yaml:4:5: answering_models[0].temperature: must be between 0 and 2, got 5.0",
                "run.yaml:5:1: judges: at least one model is required",
                // the pair's check, in the same round: a missing node is placed at its parent
                "b.yaml:8:5: questions[1].template: is required in evaluation mode template_and_rubric (or set evaluation_mode: rubric_only)");
    }

    @Test
    void jsonProblemsArePlacedAtTheLineAndColumnOfTheirNode() {
        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.text("b.json", """
                {"questions": [
                  {"id": "q1", "question": "Say hi"},
                  {"id": "q2", "question": "", "rubric": {"traits": [{"name": "t", "kind": "regx", "pattern": "x"}]}}
                ]}
                """), SpecDocument.text("run.json", """
                {
                  "answering_models": [{"interface": "openai", "model": "a", "max_tokens": 0}],
                  "judges": [{"interface": "openai", "model": "j"}],
                  "replicates": 0
                }
                """));

        assertThat(problems(validation)).containsExactly(
                "b.json:3:16: questions[1].question: is required",
                "b.json:3:3: questions[1]: a question needs its question text, a prompt, a prompt_file or a multi_run_prompt",
                "b.json:3:68: questions[1].rubric.traits[0].kind: unknown trait kind \"regx\" (did you mean \"regex\"?); "
                        + "known kinds: boolean, score, literal, regex, expression, metric, agentic",
                "run.json:2:62: answering_models[0].max_tokens: must be at least 1, got 0",
                "run.json:4:3: replicates: must be between 1 and 1000, got 0",
                "b.json:2:3: questions[0].template: is required in evaluation mode template_and_rubric (or set evaluation_mode: rubric_only)",
                "b.json:3:3: questions[1].template: is required in evaluation mode template_and_rubric (or set evaluation_mode: rubric_only)");
    }

    @Test
    void anUnknownFieldPointsAtTheFieldItselfWhereverItIs() {
        // A record's unknown fields are handed over once its object has ended; the position the
        // parser then reports lay elsewhere (here it named questions[0].nuggets[3] and judges[2]).
        Validation<ValidRun> validation = validate("""
                questions:
                  - id: q1
                    question: Q1
                    extra: {a: [1, 2, 3]}
                    rubric: {traits: [{name: t, kind: regex, pattern: x}]}
                    nuggets:
                      - text: a
                      - text: b
                  - id: q2
                    question: Q2
                    rubric: {traits: [{name: t, kind: regex, pattern: x, colour: red}]}
                """, """
                answering_models: [{interface: openai, model: a}]
                judges:
                  - interface: openai
                    model: j
                    tags: [x, y]
                  - {interface: openai, model: k}
                  - {interface: openai, model: l}
                evaluation_mode: rubric_only
                """);

        assertThat(problems(validation)).containsExactly(
                "b.yaml:4:5: questions[0]: unknown field \"extra\"",
                "b.yaml:11:58: questions[1].rubric.traits[0]: unknown field \"colour\"",
                "run.yaml:5:5: judges[0]: unknown field \"tags\"");
    }

    @Test
    void anUnknownFieldInANestedListOrARunConfigListIsPlacedAtItsKeyInYaml() {
        // reported before at the object the parser stood on once the record ended: questions[2].nuggets[3], judges[2]
        Validation<ValidRun> validation = validate("""
                questions:
                  - {id: q0, question: Q0, rubric: {traits: [{name: t, kind: regex, pattern: x}]}}
                  - {id: q1, question: Q1, rubric: {traits: [{name: t, kind: regex, pattern: x}]}}
                  - id: q2
                    question: Q2
                    nuggets:
                      - text: a
                      - unknown_key: {x: [1, 2]}
                        text: b
                      - text: c
                      - text: d
                """, """
                answering_models: [{interface: openai, model: a}]
                judges:
                  - {interface: openai, model: j}
                  - {interface: openai, unknown: [1, 2], model: k, temperature: 0}
                  - {interface: openai, model: l}
                evaluation_mode: rubric_only
                """);

        assertThat(problems(validation)).containsExactly(
                "b.yaml:8:9: questions[2].nuggets[1]: unknown field \"unknown_key\"",
                "run.yaml:4:25: judges[1]: unknown field \"unknown\"");
    }

    @Test
    void anUnknownFieldInANestedListOrARunConfigListIsPlacedAtItsKeyInJson() {
        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.text("b.json", """
                {"questions": [
                  {"id": "q0", "question": "Q0", "rubric": {"traits": [{"name": "t", "kind": "regex", "pattern": "x"}]}},
                  {"id": "q1", "question": "Q1", "rubric": {"traits": [{"name": "t", "kind": "regex", "pattern": "x"}]}},
                  {"id": "q2", "question": "Q2", "nuggets": [
                    {"text": "a"}, {"text": "b"}, {"text": "c"},
                    {"unknown_key": {"x": [1, 2]}, "text": "d"},
                    {"text": "e"}]}
                ]}
                """), SpecDocument.text("run.json", """
                {"answering_models": [{"interface": "openai", "model": "a"}],
                 "judges": [
                   {"interface": "openai", "model": "j"},
                   {"interface": "openai", "unknown": [1, 2], "model": "k", "temperature": 0},
                   {"interface": "openai", "model": "l"}],
                 "evaluation_mode": "rubric_only"}
                """));

        assertThat(problems(validation)).containsExactly(
                "b.json:6:6: questions[2].nuggets[3]: unknown field \"unknown_key\"",
                "run.json:4:28: judges[1]: unknown field \"unknown\"");
    }

    @Test
    void everyProblemOfBothDocumentsAndOfThePairIsListedOnce() {
        Validation<ValidRun> validation = validate("""
                questions:
                  - id: q1
                    question: What is 2+2?
                    rubric: {traits: [{name: polite, kind: boolean, description: x}]}
                  - id: q2
                    question: What is 3+3?
                    template: {fields: {n: {type: integer, description: the sum, ground_truth: 6}}}
                """, """
                answering_models: [{interface: manual}]
                judges: [{interface: manual}]
                manual_answers: {q2: "six", q7: "?"}
                global_rubric: {traits: [{name: polite, kind: regex, pattern: please}]}
                """);

        assertThat(problems(validation)).containsExactly(
                "run.yaml:2:11: judges[0].interface: a judge must be a model; manual is only for answering",
                "b.yaml:2:5: questions[0].template: is required in evaluation mode template_and_rubric (or set evaluation_mode: rubric_only)",
                "b.yaml:4:24: questions[0].rubric.traits[0].name: \"polite\" is also a global trait (run.yaml:global_rubric)",
                "b.yaml:2:5: questions[0]: no manual answer: run.yaml:manual_answers has neither its id \"q1\" nor its MD5 \""
                        + Question.md5("What is 2+2?") + "\"",
                "run.yaml:3:29: manual_answers.q7: matches no question id or question MD5");
        assertThat(problems(validation)).doesNotHaveDuplicates();
    }

    @Test
    void aQuestionsOwnEvaluationModeIsCheckedInsteadOfTheRuns() {
        // q1 opts out of the template the run's default mode needs; q2 asks for one itself and has none;
        // q3's own template_only would skip its nuggets
        Validation<ValidRun> validation = validate("""
                questions:
                  - {id: q1, question: Say hi, evaluation_mode: rubric_only}
                  - {id: q2, question: Say bye, evaluation_mode: template_only}
                  - {id: q3, question: Say yo, evaluation_mode: template_only, nuggets: [{text: yo}],
                     template: {fields: {n: {type: integer, description: n, ground_truth: 1}}}}
                """, CONFIG.replace("evaluation_mode: rubric_only\n", ""));

        assertThat(problems(validation)).containsExactly(
                "b.yaml:3:5: questions[1].template: is required in evaluation mode template_only, this question's own "
                        + "(or set evaluation_mode: rubric_only)",
                "b.yaml:4:64: questions[2].nuggets: are judged in the rubric stage, which evaluation mode template_only skips; "
                        + "use template_and_rubric or rubric_only");
        assertThat(problems(validate("""
                questions:
                  - {id: q1, question: Say hi, evaluation_mode: rubric_onyl}
                """, CONFIG))).singleElement().asString().contains("questions[0].evaluation_mode").contains("rubric_only");
    }

    @Test
    void aValueThatCouldNotBeBoundIsNotAlsoReportedMissing() {
        // the trait kind is unknown, so the trait cannot be read: its checks would only see it absent
        Validation<ValidRun> validation = validate("""
                questions:
                  - {id: q1, question: "", template: {fields: {dose: {type: numbr, description: d, ground_truth: 5}}}}
                """, CONFIG);

        assertThat(problems(validation)).containsExactly(
                "b.yaml:2:55: questions[0].template.fields.dose.type: unknown field type \"numbr\" (did you mean \"number\"?); "
                        + "expected one of string, integer, number, boolean, list, literal, date",
                "b.yaml:2:14: questions[0].question: is required",
                "b.yaml:2:5: questions[0]: a question needs its question text, a prompt, a prompt_file or a multi_run_prompt");
    }

    @Test
    void thePairIsCheckedOnlyWhenBothDocumentsWereReadCompletely() {
        // q1 lacks the template template_only needs, but the benchmark has a field nobody knows:
        // what the user meant is unsure, so the pair waits for the next round
        String config = """
                answering_models: [{interface: openai, model: a}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: template_only
                """;
        assertThat(problems(validate("""
                questions:
                  - {id: q1, question: Say hi, raw_answr: hi}
                """, config))).containsExactly(
                "b.yaml:2:32: questions[0]: unknown field \"raw_answr\" (did you mean \"raw_answer\"?)");

        // failing their own checks does not hold the pair back: everything is listed in one round
        assertThat(problems(validate("""
                questions:
                  - {id: q1, question: Say hi}
                  - {id: q1, question: Say bye}
                """, config.replace("[{interface: openai, model: j}]", "[]")))).containsExactly(
                "b.yaml:3:6: questions[1].id: duplicate id \"q1\" (also used by questions[0])",
                "run.yaml:2:1: judges: at least one model is required",
                "b.yaml:2:5: questions[0].template: is required in evaluation mode template_only (or set evaluation_mode: rubric_only)",
                "b.yaml:3:5: questions[1].template: is required in evaluation mode template_only (or set evaluation_mode: rubric_only)");
    }

    @Test
    void thePartsOfARequestArePlacedInTheRequestsTextAndNamedFromItsTop() throws IOException {
        LocatedTree body = LocatedTree.parse(Json.mapper(), """
                {"benchmark": {"questions": [
                    {"id": "fr", "question": "Capital of France?", "rubric": {"traits": [{"name": "t", "kind": "regex", "pattern": "x"}]}},
                    {"id": "fr", "question": "And of Spain?", "raw_answr": "Madrid"}]},
                 "config": {"answering_models": [{"interface": "openai", "model": "gpt-4o"}],
                            "judges": [{"interface": "openai", "model": "judge"}],
                            "evaluation_mode": "rubric_only"}}
                """);

        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.member(body, "benchmark"), SpecDocument.member(body, "config"));

        assertThat(validation.problems()).extracting(Problem::pathMessage).containsExactly(
                "benchmark.questions[1]: unknown field \"raw_answr\" (did you mean \"raw_answer\"?)",
                "benchmark.questions[1].id: duplicate id \"fr\" (also used by questions[0])");
        assertThat(validation.problems()).extracting(Problem::location)
                .containsExactly(new SourceLocation(3, 47), new SourceLocation(3, 6));
        assertThat(RunSpecs.validate(SpecDocument.member(body, "benchmark"), SpecDocument.member(body, "settings")).problems())
                .extracting(Problem::pathMessage).contains("settings: is required");
    }

    @Test
    void aBenchmarkCheckedBeforeIsCheckedAgainOnlyWithTheNewConfigAndThePairsProblemsAreStillPlacedInItsText() {
        String benchmark = """
                questions:
                  - id: q1
                    question: What is 2+2?
                    rubric: {traits: [{name: polite, kind: boolean, description: x}]}
                """;
        ValidRun first = validate(benchmark, CONFIG).orThrow();

        // the same file with another config (as after command-line overrides): the pair's problem in the
        // benchmark is placed in its text, whose places were never noted while it was valid
        Validation<ValidRun> again = RunSpecs.validate(first.benchmark(), SpecDocument.text("b.yaml", benchmark),
                SpecDocument.text("run.yaml", CONFIG + "global_rubric: {traits: [{name: polite, kind: regex, pattern: please}]}\n"),
                RunTarget.documents());

        assertThat(problems(again)).containsExactly(
                "b.yaml:4:24: questions[0].rubric.traits[0].name: \"polite\" is also a global trait (run.yaml:global_rubric)");
        assertThat(RunSpecs.validate(first.benchmark(), SpecDocument.text("b.yaml", benchmark), SpecDocument.text("run.yaml", CONFIG),
                RunTarget.documents()).orThrow().benchmark()).isSameAs(first.benchmark());
    }

    @Test
    void aRequestThatReadsCleanlyStillHasItsOwnChecksProblemsAndItsKeysWrittenTwicePlaced() throws IOException {
        String config = "\"config\": {\"answering_models\": [{\"interface\": \"openai\", \"model\": \"a\"}],"
                + " \"judges\": [{\"interface\": \"openai\", \"model\": \"j\"}], \"evaluation_mode\": \"rubric_only\"}}";
        LocatedTree clean = LocatedTree.parse(Json.mapper(), """
                {"benchmark": {"questions": [
                    {"id": "q1", "question": "Say hi"},
                    {"id": "q1", "question": "Say bye"}]},
                """ + config);
        assertThat(RunSpecs.validate(SpecDocument.member(clean, "benchmark"), SpecDocument.member(clean, "config")).problems())
                .extracting(Problem::toString)
                .containsExactly("benchmark:3:6: questions[1].id: duplicate id \"q1\" (also used by questions[0])");

        LocatedTree twice = LocatedTree.parse(Json.mapper(), """
                {"benchmark": {"questions": [
                    {"id": "q1", "question": "Say hi", "question": "Say hi again"}]},
                """ + config);
        assertThat(RunSpecs.validate(SpecDocument.member(twice, "benchmark"), SpecDocument.member(twice, "config")).problems())
                .extracting(Problem::toString).containsExactly("benchmark:2:40: questions[0].question: duplicate key "
                        + "\"question\", also written at line 2, column 18; write each key once (only one of the values would be read)");
    }

    @Test
    void aConfigBuiltInCodeIsCheckedTheSameWayUnderItsLabelWithoutAPlace() {
        Benchmark benchmark = SpecReader.read("questions: [{id: q1, question: Say hi}]", Benchmark.class);
        RunConfig overridden = new RunConfig(null, List.of(ModelConfig.of("openai", "a")), List.of(ModelConfig.of("manual", "m")),
                null, EvaluationMode.RUBRIC_ONLY, null, null, null, null, null);

        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.text("b.yaml", "questions: [{id: q1, question: Say hi}]"),
                SpecDocument.value("run.yaml with --judge", overridden));

        assertThat(problems(validation)).containsExactly(
                "run.yaml with --judge: judges[0].interface: a judge must be a model; manual is only for answering");
        assertThat(validation.problems().get(0).location()).isNull();
        assertThat(RunSpecs.validate(benchmark, overridden).problems()).extracting(Problem::pathMessage)
                .containsExactly("config.judges[0].interface: a judge must be a model; manual is only for answering");
    }

    @Test
    void modelsMustUseAnInterfaceTheDeploymentServes() {
        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.text("b.yaml", "questions: [{id: q1, question: Say hi}]"),
                SpecDocument.text("run.yaml", CONFIG.replace("interface: openai, model: j", "interface: opnai, model: j")),
                List.of("openai", "anthropic", "manual"));

        assertThat(problems(validation)).containsExactly(
                "run.yaml:2:11: judges[0].interface: no service of this deployment runs interface \"opnai\" (did you mean \"openai\"?); "
                        + "known: openai, anthropic, manual");
    }

    @Test
    void anUnknownInterfaceIsAnErrorWithASuggestionWhereverTheRunGoes() {
        // the names come from the registry the services' adapters answer to, not from a deployment's list
        String config = CONFIG.replace("interface: openai, model: j", "interface: opneai, model: j");
        String expected = "run.yaml:2:11: judges[0].interface: unknown interface \"opneai\" (did you mean \"openai\"?); "
                + "known: openai, anthropic, manual";
        assertThat(problems(validate(BENCHMARK, config))).containsExactly(expected);
        assertThat(problems(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.localRun(Map.of("OPENAI_API_KEY", "sk-x"))))).containsExactly(expected);
        assertThat(problems(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.server(Map.of("OPENAI_API_KEY", "sk-x"))))).containsExactly(expected);
    }

    @Test
    void aModelWithoutAnEndpointIsAnErrorForARunSayingWhatToSet() {
        String config = """
                answering_models:
                  - {interface: openai, model: a}
                  - {interface: manual}
                judges:
                  - {interface: anthropic, model: claude}
                  - {interface: openai, model: local, base_url: "http://127.0.0.1:9/v1"}
                  - {interface: openai, model: keyed, api_key_env: MY_KEY}
                manual_answers: {q1: hi}
                evaluation_mode: rubric_only
                """;
        Validation<ValidRun> local = RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.localRun(Map.of("UNRELATED", "x")));

        assertThat(problems(local)).containsExactly(
                "run.yaml:2:5: answering_models[0]: has no endpoint: set api_key_env (the variable holding an api.openai.com key) "
                        + "or base_url (an OpenAI-compatible server), or set OPENAI_API_KEY or OPENAI_BASE_URL in the environment (none is set)",
                "run.yaml:5:5: judges[0]: has no endpoint: set api_key_env (the variable holding the Anthropic key) or base_url, "
                        + "or set ANTHROPIC_API_KEY in the environment (none is set)");
        // the environment fills what assay run would fill (names only), so the same file then passes
        assertThat(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.server(Map.of("OPENAI_BASE_URL", "http://127.0.0.1:9/v1", "ANTHROPIC_API_KEY", "sk-x"))).problems()).isEmpty();
        // the documents on their own (rendering, importing) and a config before its flags do not need endpoints
        assertThat(validate(BENCHMARK, config).problems()).isEmpty();
        assertThat(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.localRun(Map.of()).asWritten()).problems()).isEmpty();
    }

    @Test
    void theDemoModelIsForALocalRunOnly() {
        String config = CONFIG.replace("model: j}", "model: j, base_url: demo}");

        assertThat(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.localRun(Map.of("OPENAI_API_KEY", "sk-x"))).problems()).isEmpty();
        String onServer = "run.yaml:2:40: judges[0].base_url: \"demo\" is the scripted demo model, which only assay run starts "
                + "(on its own machine); a server needs the model's real base_url or api_key_env";
        assertThat(problems(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                RunTarget.server(Map.of("OPENAI_API_KEY", "sk-x"))))).containsExactly(onServer);
        assertThat(problems(RunSpecs.validate(SpecDocument.text("b.yaml", BENCHMARK), SpecDocument.text("run.yaml", config),
                List.of("openai", "anthropic", "manual")))).containsExactly(onServer);
        assertThat(problems(validate(BENCHMARK, CONFIG.replace("model: j}", "model: j, base_url: dmeo}")))).containsExactly(
                "run.yaml:2:40: judges[0].base_url: must be an http(s) URL (or demo, for the scripted demo model), got \"dmeo\"");
    }

    @Test
    void namesAndIdsLongerThanTheResultStoreHoldsAreErrorsBeforeTheRunIsSubmitted() {
        // the run's name, a question's id and a model's key are columns of 512 characters: longer ones failed at submit or store
        String longName = "n".repeat(513);
        Validation<ValidRun> validation = validate("""
                name: %s
                questions:
                  - {id: %s, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}
                """.formatted(longName, longName), """
                name: %s
                answering_models: [{interface: openai, model: %s}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """.formatted(longName, "m".repeat(506)));

        assertThat(problems(validation)).containsExactly(
                "b.yaml:1:1: name: is 513 characters long; at most 512 fit the result store",
                "b.yaml:3:6: questions[0].id: is 513 characters long; at most 512 fit the result store",
                "run.yaml:1:1: name: is 513 characters long; at most 512 fit the result store",
                "run.yaml:2:20: answering_models[0]: its key (interface:model:id) is 513 characters long; at most 512 fit the result store");
        assertThat(validate(BENCHMARK, CONFIG.replace("model: a", "model: " + "m".repeat(505))).problems()).isEmpty();
    }

    @Test
    void filesAreReadWithTheirPromptFilesAndWhatCannotBeReadIsPlaced() throws IOException {
        Files.writeString(dir.resolve("ask.prompt"), "What is 2 + 2?\n");
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, prompt_file: ask.prompt, rubric: {traits: [{name: t, kind: regex, pattern: "4"}]}}
                  - id: q2
                    prompt_file: nope.prompt
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), CONFIG);

        assertThat(problems(RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.file(config)))).containsExactly(
                benchmark + ":4:5: questions[1].prompt_file: cannot read \"nope.prompt\": no such file");

        Files.writeString(benchmark, Files.readString(benchmark).replace("nope.prompt", "ask.prompt"));
        ValidRun run = RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.file(config)).orThrow();
        assertThat(run.benchmark().questions().get(0).prompt()).containsExactly(PromptMessage.user("What is 2 + 2?"));
        assertThat(run.benchmark().questions().get(0).promptFile()).isNull();
    }

    @Test
    void aDocumentThatCannotBeReadIsOneProblemAtItsStart() {
        assertThat(problems(RunSpecs.validate(SpecDocument.file(dir.resolve("missing.yaml")), SpecDocument.text("run.yaml", ""))))
                .containsExactly(dir.resolve("missing.yaml") + ": cannot read \"" + dir.resolve("missing.yaml") + "\": no such file",
                        "run.yaml: the document is empty");
        Validation<ValidRun> broken = validate("questions: [{id: q1, question: x}]\n", "answering_models: [{interface: openai\n");
        assertThat(broken.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.file()).isEqualTo("run.yaml");
            // where the parser stopped: the end of the unfinished line
            assertThat(problem.location()).isEqualTo(new SourceLocation(1, 38));
            assertThat(problem.message()).contains("expected ',' or '}'");
        });
    }

    @Test
    void orThrowListsEveryProblemPlaced() {
        assertThatThrownBy(() -> validate("questions: []", CONFIG).orThrow())
                .isInstanceOf(InvalidSpecException.class)
                .hasMessageContaining("b.yaml:1:1: questions: a benchmark needs at least one question");
    }

    @Test
    void aProblemWithoutAPlaceOrPathReadsPlainly() {
        assertThat(new Problem("run.yaml", "", "the document is empty", null)).hasToString("run.yaml: the document is empty");
        assertThat(new Problem("run.yaml", "judges", "at least one model is required", new SourceLocation(3, 1)))
                .hasToString("run.yaml:3:1: judges: at least one model is required");
        assertThat(new Problem("config", "judges[0]", "is empty", null).pathMessage()).isEqualTo("config.judges[0]: is empty");
    }

    @Test
    void theSettingsOfARubricOnlyRunNeedNoTemplateButTheirOwnChecksHold() throws Exception {
        String benchmark = "questions: [{question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}]";
        assertThat(validate(benchmark, CONFIG).problems()).isEmpty();
        assertThat(problems(validate(benchmark, CONFIG + "sufficiency_check: true\n"))).containsExactly(
                "run.yaml:4:1: sufficiency_check: needs a template, but evaluation mode rubric_only uses none; "
                        + "turn it off or use template_only / template_and_rubric");
        assertThat(problems(validate(benchmark, CONFIG + """
                rag: {variant: strickt}
                few_shot: {mode: ids, ids: [nope], examples: [{id: one, question: Q, answer: A}]}
                """))).containsExactly(
                "run.yaml:4:7: rag.variant: unknown prompt variant \"strickt\" (did you mean \"strict\"?); valid variants: "
                        + "baseline, strict, citation, anti_prior, shouting",
                "run.yaml:5:29: few_shot.ids[0]: no example in the pool has id \"nope\"; pool ids: one");
    }

    @Test
    void aQuestionWithPassagesWithoutItsTextIsToldSoOnce() {
        assertThat(problems(validate("""
                questions:
                  - id: q1
                    question: " "
                    passages: [{source: a.md, content: Alpha.}]
                """, CONFIG))).containsExactly(
                "b.yaml:3:5: questions[0].question: is required",
                "b.yaml:2:5: questions[0]: a question needs its question text, a prompt, a prompt_file or a multi_run_prompt");
    }

    @Test
    void deepJudgmentIsReadFromTheRunConfigCarriedByEveryJobAndItsBadValuesArePlaced() {
        ValidRun run = validate(BENCHMARK, CONFIG + """
                deep_judgment: {mode: full, fuzzy_match_threshold: 0.9}
                """).orThrow();
        VerificationJob job = RunPlanner.plan("run-1", run, Fixtures.NOW).get(0);
        assertThat(job.settings().effectiveDeepJudgment().effectiveMode()).isEqualTo(dev.assay.common.run.DeepJudgmentMode.FULL);
        assertThat(job.settings().effectiveDeepJudgment().effectiveThreshold()).isEqualTo(0.9);
        assertThat(job.settings().effectiveDeepJudgment().effectiveRetries()).isEqualTo(2);
        assertThat(RunPlanner.plan("run-1", validate(BENCHMARK, CONFIG).orThrow(), Fixtures.NOW).get(0).settings().deepJudgment())
                .as("disabled by default, and then not carried").isNull();
        assertThat(RunPlanner.plan("run-1", validate(BENCHMARK, CONFIG + "deep_judgment: {rubric: true}\n").orThrow(), Fixtures.NOW)
                .get(0).settings().effectiveDeepJudgment().rubricEnabled()).as("rubric only: carried, templates untouched").isTrue();

        assertThat(problems(validate(BENCHMARK, CONFIG + """
                deep_judgment: {mode: ful, fuzzy_match_threshold: 80, excerpt_retry_attempts: -1}
                """))).anySatisfy(problem -> assertThat(problem).startsWith("run.yaml:4:").contains("deep_judgment.mode", "ful"));
        assertThat(problems(validate(BENCHMARK, CONFIG + """
                deep_judgment: {mode: full, fuzzy_match_threshold: 80, excerpt_retry_attempts: -1}
                """))).containsExactly(
                "run.yaml:4:29: deep_judgment.fuzzy_match_threshold: must be above 0 and at most 1 (the share of an excerpt found verbatim"
                        + " in the response), got 80.0",
                "run.yaml:4:56: deep_judgment.excerpt_retry_attempts: must be between 0 and 10, got -1");
    }

    @Test
    void searchPerTraitDeepJudgmentAndTheEmbeddingCheckAreReadAndTheirBadValuesPlacedWithoutEchoingAKey() {
        ValidRun run = validate("""
                questions:
                  - id: q1
                    question: Say hi
                    rubric: {traits: [{name: polite, kind: boolean, description: is polite, deep_judgment: {max_excerpts: 2, search_enabled: true}}]}
                """, CONFIG + """
                deep_judgment:
                  mode: full
                  search_enabled: true
                  search_tool: {kind: http, url: "https://api.tavily.com/search", api_key: "${TAVILY_API_KEY}"}
                  rubric_traits: {polite: {excerpt_enabled: false}}
                  rubric_questions: {q1: {polite: {enabled: false}}}
                embedding_check: {enabled: true, model: text-embedding-3-small, threshold: 0.9}
                """).orThrow();
        dev.assay.common.pipeline.JobSettings settings = RunPlanner.plan("run-1", run, Fixtures.NOW).get(0).settings();
        dev.assay.common.run.DeepJudgmentSettings deep = settings.effectiveDeepJudgment();
        assertThat(deep.searches()).isTrue();
        assertThat(deep.searchTool().apiKeyVariable()).isEqualTo("TAVILY_API_KEY");
        assertThat(deep.forTrait("q1", "polite", null).isEnabled()).as("the question's own choice wins").isFalse();
        assertThat(deep.forTrait("q2", "polite", null).usesExcerpts()).as("then the trait's, by name").isFalse();
        assertThat(deep.forTrait("q2", "other", dev.assay.common.benchmark.TraitDeepJudgmentSettings.DEFAULTS).isEnabled()).isTrue();
        assertThat(deep.forTrait("q2", "other", null).isEnabled()).as("rubric: false and nothing named").isFalse();
        assertThat(run.benchmark().questions().get(0).rubric().traits().get(0).deepJudgment().effectiveMaxExcerpts()).isEqualTo(2);
        assertThat(settings.embeddingCheck().effectiveThreshold()).isEqualTo(0.9);
        assertThat(settings.embeddingCheck().confirms()).isTrue();

        List<String> problems = problems(validate(BENCHMARK, CONFIG + """
                deep_judgment:
                  mode: reasoning_only
                  search_enabled: true
                  search_tool: {kind: http, url: "https://api.tavily.com/search", api_key: tvly-SECRET-1234}
                  rubric_traits: {polite: {max_excerpts: 0, search_enabled: true}}
                embedding_check: {enabled: true, threshold: 2}
                """));
        assertThat(problems).anySatisfy(problem -> assertThat(problem).contains("deep_judgment.search_tool.api_key: must name an environment variable"));
        assertThat(problems).anySatisfy(problem -> assertThat(problem).contains("deep_judgment.search_enabled: searches excerpts, which only mode full quotes"));
        assertThat(problems).anySatisfy(problem -> assertThat(problem).contains("deep_judgment.rubric_traits.polite.max_excerpts: must be between 1 and 20"));
        assertThat(problems).anySatisfy(problem -> assertThat(problem).contains("embedding_check.threshold: must be above 0 and at most 1"));
        assertThat(String.join("\n", problems)).doesNotContain("tvly-SECRET-1234");
        assertThat(problems(validate(BENCHMARK, CONFIG + "deep_judgment: {mode: full, search_enabled: true}\n")))
                .anySatisfy(problem -> assertThat(problem).contains("deep_judgment.search_enabled: needs a search_tool"));
        assertThat(problems(validate("""
                questions:
                  - {id: q1, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi, deep_judgment: {enabled: true}}]}}
                """, CONFIG))).anySatisfy(problem -> assertThat(problem).contains("deep_judgment: is not used by regex traits"));
    }
}
