package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.port.AgentResult;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.run.AgenticParsingSettings;
import dev.assay.common.run.AgenticParsingSettings.JudgeContext;
import dev.assay.core.session.JudgeInvestigation;
import dev.assay.core.session.ModelSession;

/**
 * Agentic parsing (Karenina's stage 7b, run config {@code agentic_parsing}): the judge investigates
 * the answer as an agent with the configured tools ({@code agentic_parsing_investigation}), then
 * one extraction call fills the template from its report ({@code agentic_parsing_extraction}).
 * The investigation is shown the answering agent's trace when there is one and the run's
 * {@code judge_context} is {@code trace} or {@code trace_and_workspace}, else the response; with
 * {@code workspace} or {@code trace_and_workspace} it also gets read-only file tools over the
 * workspace snapshot the answer carries, and the result records which files it read.
 */
final class AgenticParsing {

    private final AgenticParsingSettings settings;
    private final JudgeInvestigation investigation;
    private final ModelSession session;

    AgenticParsing(AgenticParsingSettings settings, JudgeInvestigation investigation, ModelSession session) {
        this.settings = settings;
        this.investigation = investigation;
        this.session = session;
    }

    /** The parse, or the failure that left none; the investigation is kept either way. */
    record Result(JsonNode parsed, AgentResult investigation, Failure failure) {
    }

    Result parse(String questionId, String question, GenerationOutcome generation, AnswerTemplate template) {
        JudgeContext context = settings.effectiveJudgeContext();
        WorkspaceSnapshot workspace = null;
        if (context.includesWorkspace()) {
            workspace = generation.agent() == null ? null : generation.agent().workspace();
            if (workspace == null) {
                // validation rejects such a run at submit; a job published past it fails here, judged by nobody
                return new Result(null, null, new Failure(FailureCategory.AUTOFAIL, session.stage(), "agentic parsing: judge_context "
                        + context.wireValue() + " has the judge read the answering agent's workspace, and this answer carries none "
                        + "(its answering model has no agent.workspace)", null));
            }
        }
        String answer = context == JudgeContext.WORKSPACE ? null : answerShown(generation, context);
        JudgeInvestigation.Outcome outcome = investigation.run(session, JudgeTasks.AGENTIC_PARSING_INVESTIGATION.prompt(
                        new JudgeInputs.AgenticInvestigation(question, answer, template, workspace)),
                settings.effectiveAgent(), questionId, "agentic parsing", workspace);
        if (!outcome.succeeded()) {
            return new Result(null, outcome.run(), outcome.failure());
        }
        // a failed extraction call propagates as the judge's failure, as a failed parsing call does
        JsonNode parsed = session.ask(JudgeTasks.AGENTIC_PARSING_EXTRACTION,
                new JudgeInputs.AgenticExtraction(question, outcome.report(), template));
        return new Result(parsed, outcome.run(), null);
    }

    /** The answer as the investigation sees it: the agent's whole trace, or only the final response. */
    private static String answerShown(GenerationOutcome generation, JudgeContext context) {
        if (context != JudgeContext.RESPONSE && generation.agent() != null
                && !generation.agent().rawTrace().isBlank()) {
            return generation.agent().rawTrace();
        }
        return generation.response();
    }
}
