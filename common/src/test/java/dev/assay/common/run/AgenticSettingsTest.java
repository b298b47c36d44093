package dev.assay.common.run;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Agentic parsing's run config block and the agentic trait kind: how they read and what their authors are told. */
class AgenticSettingsTest {

    private static final String TOOL = """
            {name: registry, description: Looks a record up, url: "http://127.0.0.1:9/lookup", input_schema: {type: object}}""";

    private static List<String> runErrors(String yaml) throws Exception {
        RunConfig config = Json.yaml().readValue(yaml, RunConfig.class);
        Problems problems = new Problems();
        config.validate("", problems);
        return problems.errors().stream().map(ValidationError::toString).filter(e -> e.contains("agentic")).toList();
    }

    private static List<String> benchmarkErrors(String yaml) {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read(yaml, Benchmark.class));
        assertThat(error).as("expected validation errors").isNotNull();
        return error.errors().stream().map(ValidationError::toString).toList();
    }

    @Test
    void agenticParsingReadsWithKareninasDefaults() throws Exception {
        RunConfig config = Json.yaml().readValue("""
                agentic_parsing:
                  enabled: true
                  agent: {http_tools: [%s]}
                """.formatted(TOOL), RunConfig.class);
        AgenticParsingSettings settings = config.agenticParsing();
        assertThat(settings.isEnabled()).isTrue();
        assertThat(settings.effectiveJudgeContext()).isEqualTo(AgenticParsingSettings.JudgeContext.TRACE);
        assertThat(settings.effectiveAgent().effectiveMaxTurns()).isEqualTo(15);
        assertThat(settings.effectiveAgent().effectiveTimeout()).isEqualTo(Duration.ofSeconds(120));
        assertThat(settings.effectiveAgent().httpTools()).extracting(tool -> tool.name()).containsExactly("registry");
    }

    @Test
    void anInvestigationWithoutToolsOrInRubricOnlyModeIsNamedAtItsPlace() throws Exception {
        assertThat(runErrors("""
                evaluation_mode: rubric_only
                agentic_parsing: {enabled: true, agent: {max_turns: 0}}
                """)).containsExactly(
                "agentic_parsing.agent.max_turns: must be between 1 and 500, got 0",
                "agentic_parsing.agent: agentic parsing's investigating judge needs tools: give mcp_servers or http_tools",
                "agentic_parsing.enabled: agentic parsing fills the template, which evaluation_mode rubric_only does not use");
        // switched off, nothing is asked of it
        assertThat(runErrors("agentic_parsing: {enabled: false}")).isEmpty();
    }

    @Test
    void anAgenticTraitReadsAndItsMistakesAreNamedAtTheirPlace() {
        Benchmark ok = SpecReader.read("""
                questions:
                  - id: q1
                    question: Which gene?
                    rubric:
                      traits:
                        - name: verified
                          kind: agentic
                          description: The gene named exists in the registry
                          result: score
                          max: 3
                          agent: {max_turns: 4, http_tools: [%s]}
                """.formatted(TOOL), Benchmark.class);
        assertThat(ok.questions().get(0).rubric().traits().get(0).agent().effectiveMaxTurns()).isEqualTo(4);

        assertThat(benchmarkErrors("""
                questions:
                  - id: q1
                    question: Which gene?
                    rubric:
                      traits:
                        - {name: a, kind: boolean, description: Short}
                        - {name: b, kind: regex, pattern: x}
                        - {name: c, kind: agentic, description: Checks the registry, min: 2}
                        - {name: d, kind: agentic, description: Checks, result: scor, agent: {http_tools: [%s]}}
                        - {name: e, kind: boolean, description: Short, agent: {http_tools: [%s]}}
                """.formatted(TOOL, TOOL))).containsExactly(
                "questions[0].rubric.traits[2].min: is only used with result: score",
                "questions[0].rubric.traits[2].agent: an agentic trait's investigating judge needs tools: give mcp_servers or http_tools",
                "questions[0].rubric.traits[3].result: unknown result \"scor\" (did you mean \"score\"?); expected one of boolean, score, literal",
                "questions[0].rubric.traits[4].agent: is not used by boolean traits (they use deep_judgment)");
    }

    @Test
    void aWorkspaceJudgeContextNeedsAWorkspaceOnEveryAnsweringModelAndNoOtherTools() throws Exception {
        assertThat(runErrors("""
                answering_models:
                  - {interface: openai, model: with-files, agent: {workspace: {enabled: true, max_bytes: 4096}}}
                  - {interface: openai, model: plain}
                agentic_parsing: {enabled: true, judge_context: workspace}
                """)).containsExactly("answering_models[1]: agentic_parsing.judge_context \"workspace\" has the judge read the "
                + "answering agent's workspace, and this model has none: give it agent.workspace: {enabled: true}, or use judge_context trace");
        // every model with a workspace: valid, though the judge declares no tools (its file tools are its tools)
        assertThat(runErrors("""
                answering_models:
                  - {interface: openai, model: with-files, agent: {workspace: {enabled: true}}}
                agentic_parsing: {enabled: true, judge_context: trace_and_workspace}
                """)).isEmpty();
    }

    @Test
    void kareninasJudgeContextNamesReadAsTheirCounterparts() throws Exception {
        for (String[] names : new String[][]{{"workspace_only", "workspace"}, {"trace_only", "trace"},
                {"response_only", "response"}, {"trace_and_workspace", "trace_and_workspace"}}) {
            RunConfig config = Json.yaml().readValue("agentic_parsing: {enabled: true, judge_context: " + names[0] + "}", RunConfig.class);
            assertThat(config.agenticParsing().effectiveJudgeContext().wireValue()).isEqualTo(names[1]);
        }
    }

    @Test
    void aWorkspaceCapOutOfRangeOrAJudgesOwnWorkspaceIsNamedAtItsPlace() throws Exception {
        RunConfig config = Json.yaml().readValue("""
                answering_models:
                  - {interface: openai, model: with-files, agent: {workspace: {enabled: true, max_bytes: 100000000}}}
                judges: [{interface: openai, model: judge}]
                agentic_parsing: {enabled: true, judge_context: workspace, agent: {workspace: {enabled: true}}}
                """, RunConfig.class);
        Problems problems = new Problems();
        config.validate("", problems);
        assertThat(problems.errors().stream().map(ValidationError::toString).toList()).containsExactlyInAnyOrder(
                "answering_models[0].agent.workspace.max_bytes: must be between 1 and 524288 (the snapshot travels in the "
                        + "pipeline's records), got 100000000",
                "agentic_parsing.agent.workspace: agentic parsing's investigating judge has no workspace of its own (agentic "
                        + "parsing reads the answering agent's with judge_context workspace or trace_and_workspace)");
    }
}
