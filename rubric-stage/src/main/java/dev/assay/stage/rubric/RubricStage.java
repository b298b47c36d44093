package dev.assay.stage.rubric;

import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.DynamicRubricOutcome;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.NuggetOutcome;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.RubricOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.cache.CacheScope;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import dev.assay.stage.rubric.dynamic.PresenceCheck;
import dev.assay.stage.rubric.nugget.NuggetEvaluator;
import dev.assay.stage.rubric.trait.DeepJudgedTraits;
import dev.assay.stage.rubric.trait.TraitEvaluators;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rubric stage: scores the response's rubric traits and nuggets, and puts the final result
 * together. In order: the presence check of the dynamic traits (which promotes some of them),
 * every trait kind by its evaluator, then the nuggets.
 *
 * <p>A failed judge call does not fail the result: the traits or nuggets it was for carry the
 * error, everything else stands, and the attempts are recorded. Anything unexpected becomes a
 * {@code system} failure of the rubric stage; the record is never dropped.
 */
@ApplicationScoped
public class RubricStage {

    private static final Logger LOG = Logger.getLogger(RubricStage.class);

    private final ModelGateway gateway;
    private final TraitEvaluators evaluators;
    private final PresenceCheck presenceCheck;
    private final NuggetEvaluator nuggets;

    public RubricStage(ModelGateway gateway, TraitEvaluators evaluators, PresenceCheck presenceCheck, NuggetEvaluator nuggets) {
        this.gateway = gateway;
        this.evaluators = evaluators;
        this.presenceCheck = presenceCheck;
        this.nuggets = nuggets;
    }

    public VerificationResult process(ParsedJob parsed) {
        return VerificationResult.assemble(parsed, evaluate(parsed), Instant.now());
    }

    public RubricOutcome evaluate(ParsedJob parsed) {
        VerificationJob job = parsed.answered().job();
        Question question = job.question();
        Rubric rubric = question.rubric() == null ? Rubric.EMPTY : question.rubric();
        boolean nothingToDo = !job.settings().evaluationMode().usesRubric() || (rubric.isEmpty() && question.nuggets().isEmpty())
                // a failed generation or parsing (an abstention included) decides the result: nothing to score
                || !parsed.answered().generation().succeeded() || parsed.parsing().failure() != null;
        if (nothingToDo) {
            return RubricOutcome.NOTHING_TO_DO;
        }
        ModelSession judge = new ModelSession(gateway, Stage.RUBRIC, parsed.judge(), job.settings().promptConfig(),
                CacheScope.of(job));
        try {
            GenerationOutcome generation = parsed.answered().generation();
            TraitInput input = new TraitInput(question, generation.response(), parsed.parsing().parsed(), job.settings(),
                    generation.variables(), generation.outputs(), generation.agent() == null ? null : generation.agent().rawTrace(),
                    generation.agent() == null ? null : generation.agent().workspace());
            List<RubricTrait> traits = new ArrayList<>(rubric.traits());
            DynamicRubricOutcome dynamic = null;
            Set<String> promoted = new HashSet<>();
            if (!rubric.dynamicTraits().isEmpty()) {
                dynamic = presenceCheck.resolve(rubric.dynamicTraits(), input, judge);
                promoted.addAll(dynamic.promoted());
                rubric.dynamicTraits().stream().filter(trait -> promoted.contains(trait.name())).forEach(traits::add);
            }
            List<TraitScore> scores = evaluators.score(traits, input, judge).stream()
                    .map(score -> promoted.contains(score.name()) ? score.asDynamic() : score)
                    .toList();
            NuggetOutcome nuggetOutcome = question.nuggets().isEmpty() ? null : nuggets.evaluate(input, judge);
            return new RubricOutcome(scores, dynamic, nuggetOutcome, judge.calls(), judge.usage(), judge.elapsedMillis(),
                    DeepJudgedTraits.autofail(scores));
        } catch (RuntimeException e) {
            LOG.errorf(e, "rubric of result %s (run %s) failed unexpectedly", parsed.resultId(), parsed.runId());
            return new RubricOutcome(List.of(), null, null, judge.calls(), judge.usage(), judge.elapsedMillis(),
                    Failure.unexpected(Stage.RUBRIC, e));
        }
    }
}
