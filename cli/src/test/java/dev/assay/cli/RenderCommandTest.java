package dev.assay.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RenderCommandTest {

    @TempDir
    Path dir;


    private Path benchmark() throws Exception {
        Files.writeString(dir.resolve("chat.prompt"), """
                {"role": "system", "content": "You are terse."}
                {"role": "user", "content": "What is {x} times {y}?"}
                {"role": "assistant", "content": null, "variable": "product"}
                {"role": "user", "content": "Add {{one}}."}
                """);
        return Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: plain, question: "Capital of France?", few_shot: [{question: "Capital of Spain?", answer: Madrid}]}
                  - {id: lve, question: arithmetic, prompt_file: chat.prompt, prompt_parameters: {x: "6", y: "7"}}
                """);
    }

    @Test
    void aPlainQuestionShowsFewShotThenTheQuestionThenTheModelsTurn() throws Exception {
        CliRun run = CliRun.of("render", benchmark().toString(), "--question", "plain");
        assertThat(run.exit()).isEqualTo(0);
        assertThat(run.out()).contains("# generation for question plain (openai:render)")
                .containsSubsequence("[user]\nCapital of Spain?", "[assistant]\nMadrid", "[user]\nCapital of France?",
                        "[assistant] ⟨filled by the model, kept as response⟩");
    }

    @Test
    void theRunConfigBesideTheBenchmarkAppliesItsFewShotSettingsAsTheStageDoes() throws Exception {
        Path benchmark = benchmark();
        // as a Karenina import's starter config has it: few-shot off, Karenina's layout when turned on
        CliRun off = renderBeside(benchmark, "{enabled: false, format: text}");
        assertThat(off.exit()).as(off.err()).isZero();
        assertThat(off.out()).contains("# generation for question plain (openai:m)", "[user]\nCapital of France?\n")
                .doesNotContain("Spain");

        CliRun text = renderBeside(benchmark, "{enabled: true, format: text}");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).contains("[user]\nQuestion: Capital of Spain?\nAnswer: Madrid\n\nQuestion: Capital of France?\nAnswer:\n")
                .doesNotContain("[assistant]\nMadrid");
    }

    /** Renders the question "plain" with a run.yaml next to the benchmark (no --config) whose few_shot is {@code fewShot}. */
    private CliRun renderBeside(Path benchmark, String fewShot) throws Exception {
        Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                few_shot: %s
                """.formatted(fewShot));
        return CliRun.of("render", benchmark.toString(), "--question", "plain");
    }

    @Test
    void anAgentIsShownWithItsSystemPromptItsLimitsAndTheToolsItIsOffered() throws Exception {
        Path benchmark = benchmark();
        Files.writeString(dir.resolve("run.yaml"), """
                answering_models:
                  - interface: openai
                    model: agent-m
                    system_prompt: You may use tools.
                    agent:
                      max_turns: 4
                      timeout: 90s
                      mcp_servers:
                        - {name: facts, transport: stdio, command: python3, args: [facts_server.py]}
                      http_tools:
                        - name: gene_lookup
                          description: Where a gene lies
                          input_schema: {type: object, properties: {symbol: {type: string}}, required: [symbol]}
                          url: http://127.0.0.1:8099/gene
                          headers: {Authorization: "Bearer ${GENE_TOKEN}"}
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """);

        CliRun run = CliRun.of("render", benchmark.toString(), "--question", "plain");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).containsSubsequence("# generation for question plain (openai:agent-m)",
                "[system]\nYou may use tools.", "[user]\nCapital of France?",
                "## agent: up to 4 model turns within 90 s",
                "[tool gene_lookup] (http tool: POST http://127.0.0.1:8099/gene)", "Where a gene lies", "\"symbol\"", "\"required\"",
                "[mcp server facts] (stdio: python3 facts_server.py)", "render starts no server");
        // the header's secret is named in the config, and render shows no header at all
        assertThat(run.out()).doesNotContain("GENE_TOKEN");
    }

    @Test
    void anAgentsWorkspaceToolsAndAJudgeReadingThemAreShownAsBuiltInTools() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("files.yaml"), """
                questions:
                  - id: q1
                    question: "Which gene?"
                    raw_answer: "BRCA1."
                    template: {fields: {gene: {type: string, description: the gene symbol, ground_truth: BRCA1}}}
                """);
        Path config = Files.writeString(dir.resolve("files-run.yaml"), """
                answering_models: [{interface: openai, model: m, agent: {workspace: {enabled: true, max_bytes: 4096}}}]
                judges: [{interface: openai, model: j}]
                agentic_parsing: {enabled: true, judge_context: workspace}
                """);

        CliRun generation = CliRun.of("render", benchmark.toString(), "--config", config.toString(), "--question", "q1");
        assertThat(generation.exit()).as(generation.err()).isZero();
        assertThat(generation.out()).contains("[built-in tools list_files, read_file, write_file] (over the job's workspace, 4096 bytes")
                .doesNotContain("no tools");

        CliRun investigation = CliRun.of("render", benchmark.toString(), "--config", config.toString(), "--question", "q1",
                "--task", "agentic_parsing_investigation");
        assertThat(investigation.exit()).as(investigation.err()).isZero();
        assertThat(investigation.out()).contains("[built-in tools list_files, read_file] (read-only, over the answering agent's workspace")
                .doesNotContain("no tools");
    }

    @Test
    void anLvePromptFileIsReadFilledAndShownTurnByTurn() throws Exception {
        CliRun run = CliRun.of("render", benchmark().toString(), "--question", "lve");
        assertThat(run.exit()).isEqualTo(0);
        assertThat(run.out()).containsSubsequence("[system]\nYou are terse.", "[user]\nWhat is 6 times 7?",
                "⟨filled by the model, kept as product⟩", "[user]\nAdd {one}.", "⟨filled by the model, kept as response⟩");
    }

    @Test
    void anUnknownQuestionOrATaskItCannotRenderIsInvalidInput() throws Exception {
        CliRun unknown = CliRun.of("render", benchmark().toString(), "--question", "plian");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no question with id \"plian\"").contains("its questions: plain, lve");
        CliRun nuggets = CliRun.of("render", benchmark().toString(), "--question", "plain", "--task", "nugget_assignment",
                "--response", "Paris.");
        assertThat(nuggets.exit()).isEqualTo(2);
        assertThat(nuggets.err()).contains("question plain has no nuggets");
        CliRun misspelt = CliRun.of("render", benchmark().toString(), "--question", "plain", "--task", "dj_rubric_reasonin");
        assertThat(misspelt.exit()).isEqualTo(2);
        assertThat(misspelt.err()).contains("unknown task \"dj_rubric_reasonin\"", "did you mean \"dj_rubric_reasoning\"");
    }

    @Test
    void theNuggetPromptIsTheRunsStyleAndFormatForTheFirstWindow() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("n.yaml"), """
                questions:
                  - id: n1
                    question: "Why is the sky blue?"
                    nuggets: [{text: Rayleigh scattering, importance: vital}, {text: shorter wavelengths scatter more}, {text: third}]
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                nugget_evaluation: {window_size: 2, prompt_style: no_reasoning, output_format: csv}
                prompt_config: {nugget_assignment: "NUGGET NOTE"}
                """);
        CliRun run = CliRun.of("render", benchmark.toString(), "--question", "n1", "--task", "nugget_assignment", "--config",
                config.toString(), "--response", "Because of Rayleigh scattering.");
        assertThat(run.exit()).as(run.err()).isEqualTo(0);
        assertThat(run.out()).contains("1. Rayleigh scattering").contains("2. shorter wavelengths scatter more")
                .doesNotContain("3. third").contains("Because of Rayleigh scattering.").contains("NUGGET NOTE")
                .doesNotContain("<json_schema>");
    }

    private Path judged() throws Exception {
        return Files.writeString(dir.resolve("judged.yaml"), """
                questions:
                  - id: q1
                    question: "Capital of France?"
                    raw_answer: "Paris."
                    template: {fields: {city: {type: string, description: the capital city, ground_truth: Paris}}}
                    rubric:
                      traits:
                        - {name: polite, kind: boolean, description: "Is polite."}
                        - {name: clarity, kind: score, description: "How clear it is."}
                        - {name: has_four, kind: regex, pattern: "4"}
                """);
    }

    /** The [system] and [user] texts of a render's output. */
    private static String[] systemAndUser(String output) {
        int system = output.indexOf("[system]\n");
        int user = output.indexOf("\n[user]\n");
        assertThat(system).isNotNegative();
        assertThat(user).isGreaterThan(system);
        return new String[]{output.substring(system + "[system]\n".length(), user), output.substring(user + "\n[user]\n".length())};
    }

    @Test
    void parsingRendersTheTaskTextTheTemplatesSchemaAndTheResponse() throws Exception {
        CliRun run = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "parsing", "--response", "It is Paris, I think.");
        assertThat(run.exit()).as(run.err()).isEqualTo(0);
        assertThat(run.out()).startsWith("# parsing for question q1 (judge interface openai)");
        String[] texts = systemAndUser(run.out());
        assertThat(texts[0]).startsWith("You extract the answer a model gave").contains("<json_schema>").contains("\"city\"")
                .doesNotContain("ground_truth").doesNotContain("Paris");
        assertThat(texts[1]).contains("<question>\nCapital of France?\n</question>").contains("It is Paris, I think.");
    }

    @Test
    void theDeepJudgmentExcerptAndReasoningTasksRenderWithTheTemplatesSchema() throws Exception {
        CliRun excerpts = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "dj_template_excerpt_extraction",
                "--response", "It is Paris, I think.");
        assertThat(excerpts.exit()).as(excerpts.err()).isEqualTo(0);
        String[] texts = systemAndUser(excerpts.out());
        assertThat(texts[0]).startsWith("You find the evidence in a model's response").contains("\"confidence\"");
        assertThat(texts[1]).contains("It is Paris, I think.", "<template_schema>", "\"city\"", "at most 3 excerpts per attribute")
                .doesNotContain("ground_truth");
        CliRun reasoning = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "dj_template_reasoning",
                "--response", "It is Paris, I think.");
        assertThat(reasoning.exit()).as(reasoning.err()).isEqualTo(0);
        assertThat(systemAndUser(reasoning.out())[0]).startsWith("You explain, attribute by attribute");
        CliRun trait = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "dj_rubric_excerpt_extraction",
                "--trait", "clarity", "--response", "It is Paris, I think.");
        assertThat(trait.exit()).as(trait.err()).isEqualTo(0);
        assertThat(systemAndUser(trait.out())[0]).startsWith("You find the evidence in a model's response for judging it against one trait");
        assertThat(systemAndUser(trait.out())[1]).contains("clarity", "Give at most 7 excerpts.");
    }

    @Test
    void theStepsReadingAnEarlierAnswerRenderWithTheirInstructionsAndAMarkedPlaceholderForIt() throws Exception {
        Path config = Files.writeString(dir.resolve("dj-run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                deep_judgment: {mode: full, rubric: true}
                embedding_check: {enabled: true}
                prompt_config: {deep_judgment: "DEEP NOTE", parsing: "PARSING NOTE"}
                """);
        String response = "It is Paris, I think.";

        CliRun reasoning = render(config, "dj_rubric_reasoning", "--trait", "clarity", "--response", response);
        assertThat(reasoning.out()).contains("# ⟨…⟩ stands for an earlier call's answer");
        String[] texts = systemAndUser(reasoning.out());
        assertThat(texts[0]).startsWith("You reason about how a model's response fares against one trait").endsWith("DEEP NOTE\n");
        assertThat(texts[1]).contains("clarity", response, "<excerpts>", "⟨each excerpt kept for the trait, from dj_rubric_excerpt_extraction⟩");

        CliRun score = render(config, "dj_rubric_score_extraction", "--trait", "clarity", "--response", response);
        texts = systemAndUser(score.out());
        assertThat(texts[0]).contains("give the value that reasoning concludes", "<json_schema>", "\"score\"").endsWith("DEEP NOTE\n");
        assertThat(texts[1]).contains(response, "<reasoning>\n⟨the judge's reasoning about the trait, from dj_rubric_reasoning⟩\n</reasoning>");

        // the confirmation compares the parse with the ground truth, and is sent under parsing
        CliRun embedding = render(config, "embedding_equivalence", "--response", response);
        texts = systemAndUser(embedding.out());
        assertThat(texts[0]).startsWith("You decide whether two parsed answers").endsWith("PARSING NOTE\n").doesNotContain("DEEP NOTE");
        assertThat(texts[1]).contains("<expected>\n{\"city\":\"Paris\"}\n</expected>",
                "<given>\n⟨the judge's parse of the response, as JSON with keys sorted, from parsing⟩\n</given>").doesNotContain(response);

        CliRun parse = render(config, "dj_template_parsing", "--response", response);
        texts = systemAndUser(parse.out());
        assertThat(texts[0]).contains("fill each field as that reasoning concludes").endsWith("PARSING NOTE\n");
        assertThat(texts[1]).contains(response, "\"city\" : \"⟨the judge's reasoning about city, from dj_template_reasoning⟩\"");

        // a step that reads no earlier answer is shown without the note
        assertThat(render(config, "dj_rubric_excerpt_extraction", "--trait", "clarity", "--response", response).out())
                .doesNotContain("stands for an earlier call's answer");
    }

    private CliRun render(Path config, String task, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("render", judged().toString(), "--config", config.toString(), "--question", "q1",
                "--task", task));
        args.addAll(List.of(more));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exit()).as(task + ": " + run.err()).isZero();
        return run;
    }

    @Test
    void theHallucinationAssessmentsRenderWithTheResponseAsTheExcerpt() throws Exception {
        CliRun template = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "dj_template_hallucination",
                "--response", "It is Paris, I think.");
        assertThat(template.exit()).as(template.err()).isZero();
        assertThat(systemAndUser(template.out())[1]).contains("<excerpt id=\"e1\" about=\"city\">", "Text: It is Paris, I think.",
                "Search results:\n(no results)");
        CliRun trait = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "dj_rubric_hallucination",
                "--trait", "clarity", "--response", "It is Paris, I think.");
        assertThat(trait.exit()).as(trait.err()).isZero();
        assertThat(systemAndUser(trait.out())[1]).contains("about=\"clarity\"", "Text: It is Paris, I think.");
    }

    @Test
    void theAgenticTasksRenderWithTheInvestigatingJudgesToolsAndWhereTheReportGoes() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("agentic.yaml"), """
                questions:
                  - id: q1
                    question: "Which gene?"
                    raw_answer: "BRCA1."
                    template: {fields: {gene: {type: string, description: the gene symbol, ground_truth: BRCA1}}}
                    rubric:
                      traits:
                        - name: verified
                          kind: agentic
                          description: The gene exists in the registry
                          agent:
                            max_turns: 4
                            http_tools: [{name: registry, description: Looks a gene up, url: "http://127.0.0.1:9/r", input_schema: {type: object}}]
                """);
        Path config = Files.writeString(dir.resolve("agentic-run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                prompt_config: {agentic_parsing: "Check every claim."}
                agentic_parsing:
                  enabled: true
                  agent: {mcp_servers: [{name: facts, transport: http, url: "http://127.0.0.1:9/mcp"}]}
                """);
        CliRun investigation = CliRun.of("render", benchmark.toString(), "--config", config.toString(), "--question", "q1",
                "--task", "agentic_parsing_investigation");
        assertThat(investigation.exit()).as(investigation.err()).isZero();
        String[] texts = systemAndUser(investigation.out());
        assertThat(texts[0]).startsWith("You investigate the answer a model gave").contains("\"gene\"", "Check every claim.")
                .doesNotContain("ground_truth").doesNotContain("BRCA1");
        assertThat(texts[1]).contains("BRCA1.");
        assertThat(investigation.out()).contains("## agent: up to 15 model turns within 120 s", "[mcp server facts] (http: http://127.0.0.1:9/mcp)");

        CliRun extraction = CliRun.of("render", benchmark.toString(), "--config", config.toString(), "--question", "q1",
                "--task", "agentic_parsing_extraction");
        assertThat(extraction.exit()).as(extraction.err()).isZero();
        assertThat(systemAndUser(extraction.out())[1]).contains("<investigation>\n(the investigating judge's final report goes here)");

        CliRun trait = CliRun.of("render", benchmark.toString(), "--config", config.toString(), "--question", "q1",
                "--task", "rubric_agentic_trait_investigation");
        assertThat(trait.exit()).as(trait.err()).isZero();
        assertThat(systemAndUser(trait.out())[1]).contains("verified (", "The gene exists in the registry");
        assertThat(trait.out()).contains("## agent: up to 4 model turns", "[tool registry] (http tool: POST http://127.0.0.1:9/r)");
    }

    @Test
    void anLlmTraitBatchRendersItsBooleanAndScoreTraitsWithTheRawAnswerByDefault() throws Exception {
        CliRun run = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "rubric_llm_trait_batch");
        assertThat(run.exit()).as(run.err()).isEqualTo(0);
        String[] texts = systemAndUser(run.out());
        assertThat(texts[0]).startsWith("You evaluate a model's response to a question against a list of traits.")
                .contains("<json_schema>").contains("\"polite\"").contains("\"clarity\"").doesNotContain("has_four");
        assertThat(texts[1]).contains("<response>\nParis.\n</response>").contains("- polite (").contains("- clarity (")
                .doesNotContain("has_four");
    }

    @Test
    void aSingleTraitRendersTheNamedOne() throws Exception {
        CliRun run = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "rubric_llm_trait_single", "--trait", "clarity");
        assertThat(run.exit()).as(run.err()).isEqualTo(0);
        assertThat(systemAndUser(run.out())[1]).contains("- clarity (").doesNotContain("- polite (");
        CliRun unknown = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "rubric_llm_trait_single", "--trait", "clarty");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no trait \"clarty\"").contains("polite, clarity");
    }

    @Test
    void aJudgeTaskTheQuestionHasNothingForOrNoResponseToJudgeIsInvalidInput() throws Exception {
        CliRun literal = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "rubric_literal_trait_batch");
        assertThat(literal.exit()).isEqualTo(2);
        assertThat(literal.err()).contains("question q1 has no literal traits");
        CliRun noTemplate = CliRun.of("render", benchmark().toString(), "--question", "plain", "--task", "parsing", "--response", "Paris");
        assertThat(noTemplate.exit()).isEqualTo(2);
        assertThat(noTemplate.err()).contains("question plain has no answer template");
        CliRun noResponse = CliRun.of("render", benchmark().toString(), "--question", "plain", "--task", "abstention_detection");
        assertThat(noResponse.exit()).isEqualTo(2);
        assertThat(noResponse.err()).contains("has no raw_answer").contains("--response");
    }

    @Test
    void forAnthropicTheSchemaIsNotPastedIntoTheSystemText() throws Exception {
        CliRun run = CliRun.of("render", judged().toString(), "--question", "q1", "--task", "abstention_detection", "--interface", "anthropic");
        assertThat(run.exit()).as(run.err()).isEqualTo(0);
        assertThat(systemAndUser(run.out())[0]).startsWith("You check whether a model attempted to answer").doesNotContain("<json_schema>");
    }
}
