package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.AgenticTraitKind;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.prompt.judge.TraitAnswer;
import dev.assay.common.port.AgentSettings;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.session.JudgeInvestigation;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.JudgeFailures;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * {@code agentic} traits (Karenina's agentic rubric traits), one at a time: the judge investigates
 * the trait as an agent with the trait's tools ({@code rubric_agentic_trait_investigation}), shown
 * the answering agent's trace when there is one, else the response; then one call reads the value
 * from its report ({@code rubric_agentic_trait_extraction}) in the answer form of the trait's
 * {@code result} kind. When the answering agent had a workspace, the judge also gets read-only
 * {@code list_files} and {@code read_file} over the files it left (as Karenina's agentic traits read
 * the workspace), and the score records which it read. The score keeps the investigation; a failed
 * one is the trait's error.
 */
@ApplicationScoped
public class AgenticTraitEvaluator implements TraitEvaluator {

    private final JudgeInvestigation investigation;

    @Inject
    public AgenticTraitEvaluator(ToolConnector tools) {
        this.investigation = new JudgeInvestigation(tools);
    }

    @Override
    public String kind() {
        return RubricTrait.AGENTIC;
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        return traits.stream().map(trait -> score(trait, input, judge)).toList();
    }

    private TraitScore score(RubricTrait trait, TraitInput input, ModelSession judge) {
        RubricTrait asked = AgenticTraitKind.asResultTrait(trait);
        String question = input.question().question();
        JudgeInvestigation.Outcome outcome = investigation.run(judge, JudgeTasks.AGENTIC_TRAIT_INVESTIGATION.prompt(
                        new JudgeInputs.TraitInvestigation(question, input.answerUnderReview(), asked, input.workspace())),
                AgentSettings.forInvestigation(trait.agent()), input.question().id(), "agentic trait " + trait.name(),
                input.workspace());
        if (!outcome.succeeded()) {
            return TraitScore.builder(trait.name(), trait.kind()).error(outcome.failure().reason()).investigation(outcome.run()).build();
        }
        JsonNode answer;
        try {
            answer = judge.ask(JudgeTasks.AGENTIC_TRAIT_EXTRACTION, new JudgeInputs.TraitExtraction(question, outcome.report(), asked));
        } catch (ModelCallException e) {
            return TraitScore.builder(trait.name(), trait.kind()).error(JudgeFailures.callFailed("trait " + trait.name(), e))
                    .investigation(outcome.run()).build();
        }
        TraitAnswer.Reading reading = TraitAnswer.of(asked).readAnswer(answer);
        if (!reading.usable()) {
            return TraitScore.builder(trait.name(), trait.kind()).error(JudgeFailures.invalidAnswer(trait.name(), null, reading.problem()))
                    .investigation(outcome.run()).build();
        }
        // the score reads as the agentic trait it is, with the investigation that decided it
        return reading.score().toBuilder().kind(trait.kind()).investigation(outcome.run()).build();
    }
}
