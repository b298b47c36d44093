package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.testing.ScriptedLlm;
import dev.assay.core.testing.TextHttpTool;
import dev.assay.core.llm.SecretResolver;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agentic traits: a scripted judge behind the real gateway investigates through a real HTTP tool
 * (a JDK server on 127.0.0.1), then its value is read from its report. No broker, no container.
 */
class AgenticTraitEvaluatorTest {

    private static final Question GENE = Json.read("""
            {"id": "gene", "question": "Which gene on 17q21 is linked to breast cancer?"}
            """, Question.class);

    private static TextHttpTool geneLookup;

    @BeforeAll
    static void start() {
        geneLookup = TextHttpTool.start("gene_lookup", "Looks a gene up by its symbol", "BRCA1: 17q21.31, breast cancer 1");
    }

    @AfterAll
    static void stop() {
        geneLookup.close();
    }

    private static AgentSettings tools() {
        return tools(3);
    }

    private static AgentSettings tools(int maxTurns) {
        return new AgentSettings(maxTurns, Duration.ofSeconds(30), List.of(), null, List.of(geneLookup.config()));
    }

    private static ModelSession session(ScriptedLlm judge) {
        return new ModelSession(judge.gateway(), Stage.RUBRIC,
                ModelConfig.of("scripted", "judge"), new PromptConfig(null, null, null, null, "Be strict.", null, null, null));
    }

    private static List<TraitScore> evaluate(List<RubricTrait> traits, ModelSession judge) {
        return evaluate(traits, judge, null);
    }

    private static List<TraitScore> evaluate(List<RubricTrait> traits, ModelSession judge, WorkspaceSnapshot workspace) {
        TraitInput input = new TraitInput(GENE, "It is BRCA1.", null, new JobSettings(null, false, null), null, null,
                "--- AI Message ---\nIt is BRCA1.\n", workspace);
        return new AgenticTraitEvaluator(new ToolConnector(new McpConnector(new SecretResolver(), Duration.ofSeconds(10))))
                .evaluate(traits, input, judge);
    }

    @Test
    void theJudgeInvestigatesWithTheTraitsToolsAndTheValueIsReadFromItsReport() {
        ScriptedLlm judge = new ScriptedLlm()
                .toolCall("gene_lookup", "{\"symbol\": \"BRCA1\"}")
                .text("The registry lists BRCA1 at 17q21.31: the answer's gene is real. Value: true.")
                .text("{\"reasoning\": \"The registry confirms BRCA1.\", \"verdict\": true}")
                .text("The registry confirms BRCA1; the answer gives no location. Score 2.")
                .text("{\"reasoning\": \"No location given.\", \"score\": 2}");
        ModelSession session = session(judge);
        RubricTrait verified = RubricTrait.builder("verified", RubricTrait.AGENTIC).description("The gene named exists in the registry.")
                .agent(tools()).build();
        RubricTrait located = RubricTrait.builder("located", RubricTrait.AGENTIC).description("How precisely it locates the gene.")
                .result(RubricTrait.SCORE).max(3).agent(tools()).build();

        List<TraitScore> scores = evaluate(List.of(verified, located), session);

        assertThat(scores).extracting(TraitScore::name).containsExactly("verified", "located");
        TraitScore first = scores.get(0);
        assertThat(first.error()).isNull();
        assertThat(first.kind()).isEqualTo(RubricTrait.AGENTIC);
        assertThat(first.passed()).isTrue();
        assertThat(first.reasoning()).isEqualTo("The registry confirms BRCA1.");
        assertThat(first.investigation().turns()).isEqualTo(2);
        assertThat(first.investigation().rawTrace()).contains("BRCA1: 17q21.31, breast cancer 1");
        assertThat(scores.get(1).score()).isEqualTo(2.0);
        assertThat(scores.get(1).investigation().turns()).isEqualTo(1);
        assertThat(geneLookup.requests()).anySatisfy(body -> assertThat(body).contains("BRCA1"));
        assertThat(session.calls()).extracting(RecordedCall::task).containsExactly(
                PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION, PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION,
                PromptTask.RUBRIC_AGENTIC_TRAIT_EXTRACTION, PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION,
                PromptTask.RUBRIC_AGENTIC_TRAIT_EXTRACTION);
        // the investigation saw the answering agent's trace, the trait and the run's rubric instructions (the rubric_* fallback)
        String investigation = String.join("\n", judge.received().get(0).stream().map(Message::text).toList());
        assertThat(investigation).contains("--- AI Message ---", "The gene named exists in the registry.", "Be strict.")
                .doesNotContain("<workspace>");
        // an answering agent without a workspace: no file tools for the judge
        assertThat(judge.offered().get(0)).containsExactly("gene_lookup");
        assertThat(first.investigation().workspaceFilesRead()).isNull();
    }

    @Test
    void whenTheAnsweringAgentHadAWorkspaceTheJudgeReadsItsFilesReadOnly() {
        String notes = "BRCA1 sits at 17q21.31; checked in the registry.";
        WorkspaceSnapshot workspace = new WorkspaceSnapshot(List.of(new WorkspaceSnapshot.File("notes/brca1.md", notes)),
                notes.length(), 4096, false);
        ScriptedLlm judge = new ScriptedLlm()
                .toolCall("list_files", "{}")
                .toolCall("read_file", "{\"path\": \"notes/brca1.md\"}")
                .toolCall("write_file", "{\"path\": \"notes/brca1.md\", \"content\": \"TP53\"}")
                .text("The agent's notes locate BRCA1 at 17q21.31 and say it was checked. Value: true.")
                .text("{\"reasoning\": \"Its notes show the check.\", \"verdict\": true}");
        ModelSession session = session(judge);
        RubricTrait checked = RubricTrait.builder("checked", RubricTrait.AGENTIC).description("The agent checked its gene in a registry.")
                .agent(tools(5)).build();

        TraitScore score = evaluate(List.of(checked), session, workspace).get(0);

        assertThat(score.error()).isNull();
        assertThat(score.passed()).isTrue();
        // the workspace's read-only pair first, then the trait's own tools; the prompt lists the files
        assertThat(judge.offered().get(0)).containsExactly("list_files", "read_file", "gene_lookup");
        String prompt = String.join("\n", judge.received().get(0).stream().map(Message::text).toList());
        assertThat(prompt).contains("<workspace>", "notes/brca1.md (" + notes.length() + " bytes)", "--- AI Message ---");
        // the file's text reached the judge as a tool result; its write was refused, and the files read are recorded
        List<ToolResultBlock> results = judge.toolResultsSentTo(3);
        assertThat(results).extracting(ToolResultBlock::content).contains(notes);
        assertThat(results.get(2).isError()).isTrue();
        assertThat(results.get(2).content()).contains("no tool named \"write_file\"");
        assertThat(score.investigation().workspaceFilesRead()).containsExactly("notes/brca1.md");
        assertThat(Json.write(score)).contains("\"workspace_files_read\":[\"notes/brca1.md\"]");
    }

    @Test
    void aFailedInvestigationIsTheTraitsErrorWithTheTraceSoFar() {
        ModelSession session = session(new ScriptedLlm().toolCall("gene_lookup", "{\"symbol\": \"BRCA1\"}"));
        RubricTrait verified = RubricTrait.builder("verified", RubricTrait.AGENTIC).description("The gene exists.").agent(tools()).build();

        TraitScore score = evaluate(List.of(verified), session).get(0);

        assertThat(score.passed()).isNull();
        assertThat(score.error()).contains("agentic trait verified", "the judge is gone");
        assertThat(score.investigation().turns()).isEqualTo(1);
        assertThat(session.calls()).hasSize(2);
        assertThat(session.calls().get(1).error()).contains("the judge is gone");
    }
}
