package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.run.AgenticParsingSettings;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.testing.ScriptedLlm;
import dev.assay.core.testing.TextHttpTool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agentic parsing in the parsing stage as a plain library: a scripted judge behind the real
 * {@link ModelGateway} investigates through a real HTTP tool (a JDK server on 127.0.0.1), then
 * fills the template from its report. No broker (the three services: AgenticEvaluationEndToEndTest).
 */
class AgenticParsingTest {

    private static final Question GENE = Json.read("""
            {"id": "gene", "question": "Which gene on 17q21 is linked to breast cancer?",
             "template": {"fields": {"gene": {"type": "string", "description": "The gene symbol named.", "ground_truth": "BRCA1"}}}}
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

    private static AgenticParsingSettings settings(Integer maxTurns) {
        return settings(maxTurns, null);
    }

    private static AgenticParsingSettings settings(Integer maxTurns, AgenticParsingSettings.JudgeContext context) {
        return new AgenticParsingSettings(true, context,
                new AgentSettings(maxTurns, Duration.ofSeconds(30), List.of(), null, List.of(geneLookup.config())));
    }

    private static ParsingOutcome parse(ScriptedLlm judge, AgenticParsingSettings agentic, GenerationOutcome generation) {
        ParsingStage stage = new ParsingStage(judge.gateway());
        JobSettings settings = new JobSettings(null, false, false,
                new PromptConfig(null, null, null, null, null, "Check the gene in the registry.", null, null))
                .withAgenticParsing(agentic);
        VerificationJob job = VerificationJob.create("run", GENE, ModelConfig.of("openai", "answerer"),
                List.of(ModelConfig.of("scripted", "judge")), 1, settings, null, Instant.EPOCH);
        List<ParsedJob> parsed = stage.process(AnsweredJob.of(job, generation));
        return parsed.get(0).parsing();
    }

    private static GenerationOutcome answeredByAnAgent() {
        List<Message> trace = List.of(Message.user("Which gene on 17q21 is linked to breast cancer?"),
                Message.assistant("I looked it up: BRCA1."));
        AgentResult agent = new AgentResult("I looked it up: BRCA1.", AgentTrace.raw(trace), trace, UsageMetadata.EMPTY, 1, false, null, null);
        return new GenerationOutcome("I looked it up: BRCA1.", List.of(), UsageMetadata.EMPTY, 5, null, null, null, agent);
    }

    private static String text(List<Message> messages) {
        return String.join("\n", messages.stream().map(Message::text).toList());
    }

    @Test
    void theJudgeInvestigatesWithItsToolThenTheExtractionFillsTheTemplate() {
        ScriptedLlm judge = new ScriptedLlm()
                .toolCall("gene_lookup", "{\"symbol\": \"BRCA1\"}")
                .text("gene: the answer names BRCA1; the registry confirms BRCA1 at 17q21.31.")
                .text("{\"gene\": \"BRCA1\"}");

        ParsingOutcome outcome = parse(judge, settings(null), answeredByAnAgent());

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.parsed().path("gene").asText()).isEqualTo("BRCA1");
        assertThat(outcome.template().passed()).isTrue();
        assertThat(geneLookup.requests()).anySatisfy(body -> assertThat(body).contains("BRCA1"));
        // the investigation is recorded: its turns, and the tool's answer in its trace
        AgentResult investigation = outcome.investigation();
        assertThat(investigation.turns()).isEqualTo(2);
        assertThat(investigation.traceMessages()).extracting(Message::role)
                .containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT);
        assertThat(investigation.rawTrace()).contains("--- Tool Message", "BRCA1: 17q21.31, breast cancer 1");
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.AGENTIC_PARSING_INVESTIGATION,
                PromptTask.AGENTIC_PARSING_INVESTIGATION, PromptTask.AGENTIC_PARSING_EXTRACTION);
        // the investigation saw the answering agent's trace, the template and the run's agentic_parsing instructions,
        // and was offered the tool; the extraction read its report and was offered none
        String investigationPrompt = text(judge.received().get(0));
        assertThat(investigationPrompt).contains("--- AI Message ---", "I looked it up: BRCA1.", "\"gene\"",
                "Check the gene in the registry.");
        assertThat(judge.offered().get(0)).containsExactly("gene_lookup");
        String extractionPrompt = text(judge.received().get(2));
        assertThat(extractionPrompt).contains("the registry confirms BRCA1", "Check the gene in the registry.");
        assertThat(judge.offered().get(2)).isEmpty();
    }

    @Test
    void aFailedInvestigationIsTheJudgesRecordedFailureWithItsTraceAndNoParse() {
        ScriptedLlm judge = new ScriptedLlm().toolCall("gene_lookup", "{\"symbol\": \"BRCA1\"}").failing();

        ParsingOutcome outcome = parse(judge, settings(null), answeredByAnAgent());

        assertThat(outcome.parsed()).isNull();
        assertThat(outcome.template()).isNull();
        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(outcome.failure().reason()).contains("agentic parsing", "the judge is gone");
        assertThat(outcome.investigation().turns()).isEqualTo(1);
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.AGENTIC_PARSING_INVESTIGATION,
                PromptTask.AGENTIC_PARSING_INVESTIGATION);
        assertThat(outcome.calls().get(1).error()).contains("the judge is gone");
    }

    @Test
    void anInvestigationCutOffAtItsTurnLimitIsAContentFailureNotAGuess() {
        ScriptedLlm judge = new ScriptedLlm().toolCall("gene_lookup", "{\"symbol\": \"BRCA1\"}");

        ParsingOutcome outcome = parse(judge, settings(1), answeredByAnAgent());

        assertThat(outcome.parsed()).isNull();
        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.CONTENT);
        assertThat(outcome.failure().reason()).contains("turn limit (1 turns)");
        assertThat(outcome.investigation().limitReached()).isTrue();
    }

    @Test
    void withJudgeContextResponseTheInvestigationSeesOnlyTheFinalResponse() {
        ScriptedLlm judge = new ScriptedLlm().text("gene: the answer names BRCA1.").text("{\"gene\": \"BRCA1\"}");

        ParsingOutcome outcome = parse(judge, settings(null, AgenticParsingSettings.JudgeContext.RESPONSE), answeredByAnAgent());

        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.investigation().turns()).isEqualTo(1);
        assertThat(text(judge.received().get(0))).contains("<response>\nI looked it up: BRCA1.\n</response>")
                .doesNotContain("--- AI Message ---");
    }

    private static final String NOTES = "Looked up in the registry: BRCA1, 17q21.31.";

    private static GenerationOutcome answeredWithAWorkspace() {
        GenerationOutcome plain = answeredByAnAgent();
        WorkspaceSnapshot workspace = new WorkspaceSnapshot(List.of(new WorkspaceSnapshot.File("notes/gene.md", NOTES),
                new WorkspaceSnapshot.File("scratch.txt", "nothing here")), NOTES.length() + 12, 1024, false);
        return new GenerationOutcome(plain.response(), List.of(), UsageMetadata.EMPTY, 5, null, null, null,
                plain.agent().withWorkspace(workspace));
    }

    /** A judge with no tools of its own: with the workspace in its context, its file tools are what it has. */
    private static AgenticParsingSettings workspaceSettings(AgenticParsingSettings.JudgeContext context) {
        return new AgenticParsingSettings(true, context, new AgentSettings(5, Duration.ofSeconds(30), List.of(), null));
    }


    @Test
    void withJudgeContextWorkspaceTheJudgeListsAndReadsTheAnsweringAgentsFilesReadOnly() {
        ScriptedLlm judge = new ScriptedLlm()
                .toolCall("list_files", "{}")
                .toolCall("read_file", "{\"path\": \"notes/gene.md\"}")
                .toolCall("write_file", "{\"path\": \"notes/gene.md\", \"content\": \"TP53\"}")
                .text("gene: the agent's notes name BRCA1.")
                .text("{\"gene\": \"BRCA1\"}");

        ParsingOutcome outcome = parse(judge, workspaceSettings(AgenticParsingSettings.JudgeContext.WORKSPACE), answeredWithAWorkspace());

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.template().passed()).isTrue();
        // offered the read-only pair, and shown the question and the files, not the response or trace
        assertThat(judge.offered().get(0)).containsExactly("list_files", "read_file");
        String prompt = text(judge.received().get(0));
        assertThat(prompt).contains("<workspace>", "notes/gene.md (" + NOTES.length() + " bytes)", "scratch.txt (12 bytes)")
                .doesNotContain("<response>").doesNotContain("I looked it up");
        // the judge saw the listing and the file's text in its tool results; its write was refused
        List<ToolResultBlock> results = judge.toolResultsSentTo(3);
        assertThat(results).extracting(ToolResultBlock::content).startsWith(
                "notes/gene.md (" + NOTES.length() + " bytes)\nscratch.txt (12 bytes)", NOTES);
        assertThat(results.get(2).isError()).isTrue();
        assertThat(results.get(2).content()).contains("no tool named \"write_file\"", "list_files, read_file");
        // the result records which files the judge read, and survives the trip to the rubric service
        assertThat(outcome.investigation().workspaceFilesRead()).containsExactly("notes/gene.md");
        assertThat(Json.read(Json.write(outcome), ParsingOutcome.class).investigation().workspaceFilesRead())
                .containsExactly("notes/gene.md");
        assertThat(Json.write(outcome)).contains("\"workspace_files_read\":[\"notes/gene.md\"]");
    }

    @Test
    void withJudgeContextTraceAndWorkspaceTheJudgeSeesTheTraceAndTheFiles() {
        ScriptedLlm judge = new ScriptedLlm().text("gene: BRCA1, as the trace says.").text("{\"gene\": \"BRCA1\"}");

        ParsingOutcome outcome = parse(judge, workspaceSettings(AgenticParsingSettings.JudgeContext.TRACE_AND_WORKSPACE),
                answeredWithAWorkspace());

        assertThat(outcome.template().passed()).isTrue();
        assertThat(text(judge.received().get(0))).contains("--- AI Message ---", "I looked it up: BRCA1.", "<workspace>",
                "notes/gene.md");
        assertThat(judge.offered().get(0)).containsExactly("list_files", "read_file");
        // it read nothing: the record says so
        assertThat(outcome.investigation().workspaceFilesRead()).isEmpty();
    }

    @Test
    void aWorkspaceContextOnAnAnswerWithoutAWorkspaceIsARecordedFailureWithoutAJudgeCall() {
        ScriptedLlm judge = new ScriptedLlm().text("never asked");

        ParsingOutcome outcome = parse(judge, workspaceSettings(AgenticParsingSettings.JudgeContext.WORKSPACE), answeredByAnAgent());

        assertThat(outcome.parsed()).isNull();
        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.AUTOFAIL);
        assertThat(outcome.failure().reason()).contains("judge_context workspace", "carries none", "agent.workspace");
        assertThat(judge.received()).isEmpty();
    }
}
