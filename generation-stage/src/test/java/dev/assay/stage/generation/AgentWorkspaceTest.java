package dev.assay.stage.generation;

import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.port.WorkspaceSettings;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.llm.SecretResolver;
import dev.assay.core.testing.ScriptedLlm;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An answering agent's workspace in the generation stage as a plain library (docs/agents.md): a
 * scripted agent behind the real gateway writes a file with the built-in tools, reads it back, and
 * the job's answer carries the files as the job left them, capped at {@code max_bytes}.
 */
class AgentWorkspaceTest {

    private static final Question GENE = Json.read("""
            {"id": "gene", "question": "Which gene on 17q21 is linked to breast cancer? Keep your notes in the workspace."}
            """, Question.class);
    private static final String NOTES = "BRCA1 lies on 17q21.31 (breast cancer 1).";

    private static GenerationOutcome answer(ScriptedLlm agent, WorkspaceSettings workspace) {
        AgentSettings settings = new AgentSettings(6, Duration.ofSeconds(30), List.of(), null, List.of(), workspace);
        ModelConfig model = new ModelConfig(null, ScriptedLlm.INTERFACE, "agent", null, null, null, null, null, null, null, null,
                null, settings);
        VerificationJob job = VerificationJob.create("run", GENE, model, List.of(ScriptedLlm.model()), 1,
                new JobSettings(null, false, null), null, Instant.EPOCH);
        GenerationStage stage = new GenerationStage(agent.gateway(),
                new ToolConnector(new McpConnector(new SecretResolver(), Duration.ofSeconds(5))));
        AnsweredJob answered = stage.process(job);
        // the snapshot survives the trip through the record's JSON, as it travels to the parsing service
        return Json.read(Json.write(answered), AnsweredJob.class).generation();
    }


    @Test
    void theAgentWritesAndReadsItsWorkspaceAndTheAnswerCarriesTheFiles() {
        ScriptedLlm agent = new ScriptedLlm()
                .toolCall("write_file", Json.write(java.util.Map.of("path", "/notes/gene.md", "content", NOTES)))
                .toolCall("read_file", "{\"path\": \"notes/gene.md\"}")
                .toolCall("list_files", "{}")
                .text("BRCA1; my notes are in notes/gene.md.");

        GenerationOutcome outcome = answer(agent, new WorkspaceSettings(true, null));

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.response()).isEqualTo("BRCA1; my notes are in notes/gene.md.");
        // the agent was offered the built-in tools, and read back what it wrote
        assertThat(agent.offered().get(0)).containsExactly("list_files", "read_file", "write_file");
        List<ToolResultBlock> results = agent.toolResultsSentTo(3);
        assertThat(results).extracting(ToolResultBlock::content)
                .containsExactly("wrote notes/gene.md", NOTES, "notes/gene.md (" + NOTES.length() + " bytes)");
        assertThat(results).noneMatch(ToolResultBlock::isError);
        WorkspaceSnapshot workspace = outcome.agent().workspace();
        assertThat(workspace.files()).containsExactly(new WorkspaceSnapshot.File("notes/gene.md", NOTES));
        assertThat(workspace.totalBytes()).isEqualTo(NOTES.length());
        assertThat(workspace.maxBytes()).isEqualTo(WorkspaceSettings.DEFAULT_MAX_BYTES);
        assertThat(workspace.limitReached()).isFalse();
    }

    @Test
    void aWritePastTheCapIsRefusedToTheModelAndTheCapIsRecorded() {
        ScriptedLlm agent = new ScriptedLlm()
                .toolCall("write_file", "{\"path\": \"a.txt\", \"content\": \"0123456789\"}")
                .toolCall("write_file", "{\"path\": \"b.txt\", \"content\": \"too much\"}")
                .toolCall("read_file", "{\"path\": \"../etc/passwd\"}")
                .text("BRCA1.");

        GenerationOutcome outcome = answer(agent, new WorkspaceSettings(true, 12L));

        assertThat(outcome.failure()).isNull();
        List<ToolResultBlock> results = agent.toolResultsSentTo(3);
        assertThat(results.get(0).isError()).isFalse();
        assertThat(results.get(1).isError()).isTrue();
        assertThat(results.get(1).content()).contains("at most 12 bytes", "would make it 18 bytes", "nothing was written");
        assertThat(results.get(2).isError()).isTrue();
        assertThat(results.get(2).content()).contains("\"..\" is not allowed");
        WorkspaceSnapshot workspace = outcome.agent().workspace();
        assertThat(workspace.files()).extracting(WorkspaceSnapshot.File::path).containsExactly("a.txt");
        assertThat(workspace.maxBytes()).isEqualTo(12);
        assertThat(workspace.limitReached()).isTrue();
    }

    @Test
    void anAgentWithoutAWorkspaceHasNoFileToolsAndCarriesNoSnapshot() {
        ScriptedLlm agent = new ScriptedLlm().text("BRCA1.");

        GenerationOutcome outcome = answer(agent, null);

        assertThat(agent.offered().get(0)).isEmpty();
        assertThat(outcome.agent().workspace()).isNull();
        // left out of the record, so services of an older version read it as before
        assertThat(Json.mapper().valueToTree(outcome.agent()).fieldNames()).toIterable()
                .doesNotContain("workspace", "workspace_files_read");
    }
}
