package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.port.AgentResult;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.AgenticParsingSettings;
import dev.assay.core.session.JudgeInvestigation;
import dev.assay.core.session.ModelSession;

/**
 * Agentic parsing (Karenina's stage 7b, run config {@code agentic_parsing}): the judge investigates
 * the answer as an agent with the configured tools ({@code agentic_parsing_investigation}), then
 * one extraction call fills the template from its report ({@code agentic_parsing_extraction}).
 * The investigation is shown the answering agent's trace when there is one and the run's
 * {@code judge_context} is {@code trace}, else the response.
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
        JudgeInvestigation.Outcome outcome = investigation.run(session, JudgeTasks.AGENTIC_PARSING_INVESTIGATION.prompt(
                        new JudgeInputs.AgenticInvestigation(question, answerShown(generation), template)),
                settings.effectiveAgent(), questionId, "agentic parsing");
        if (!outcome.succeeded()) {
            return new Result(null, outcome.run(), outcome.failure());
        }
        // a failed extraction call propagates as the judge's failure, as a failed parsing call does
        JsonNode parsed = session.ask(JudgeTasks.AGENTIC_PARSING_EXTRACTION,
                new JudgeInputs.AgenticExtraction(question, outcome.report(), template));
        return new Result(parsed, outcome.run(), null);
    }

    /** The answer as the investigation sees it: the agent's whole trace, or only the final response. */
    private String answerShown(GenerationOutcome generation) {
        if (settings.effectiveJudgeContext() == AgenticParsingSettings.JudgeContext.TRACE && generation.agent() != null
                && !generation.agent().rawTrace().isBlank()) {
            return generation.agent().rawTrace();
        }
        return generation.response();
    }
}
