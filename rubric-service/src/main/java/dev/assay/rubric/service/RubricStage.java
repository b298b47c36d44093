package dev.assay.rubric.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.RubricOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.Extraction;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The rubric stage: scores the response's rubric traits and puts the final result together.
 * Regex traits are searched locally; boolean traits go to the record's judge in one batched call.
 *
 * <p>A failed batch call does not fail the result: its traits carry the error, the regex traits
 * and the template verdict stand, and the attempts are recorded. Anything unexpected becomes a
 * {@code system} failure of the rubric stage; the record is never dropped.
 */
@ApplicationScoped
public class RubricStage {

    private static final Logger LOG = Logger.getLogger(RubricStage.class);

    private final ModelGateway gateway;

    public RubricStage(ModelGateway gateway) {
        this.gateway = gateway;
    }

    public VerificationResult process(ParsedJob parsed) {
        return VerificationResult.assemble(parsed, evaluate(parsed), Instant.now());
    }

    public RubricOutcome evaluate(ParsedJob parsed) {
        VerificationJob job = parsed.answered().job();
        Rubric rubric = job.question().rubric();
        boolean nothingToDo = !job.settings().evaluationMode().usesRubric() || rubric == null || rubric.isEmpty()
                // a failed generation or parsing (an abstention included) decides the result: nothing to score
                || !parsed.answered().generation().succeeded() || parsed.parsing().failure() != null;
        if (nothingToDo) {
            return RubricOutcome.NOTHING_TO_DO;
        }
        long started = System.nanoTime();
        try {
            return score(job, parsed.judge(), parsed.answered().generation().response(), rubric.traits(), started);
        } catch (RuntimeException e) {
            LOG.errorf(e, "rubric of result %s (run %s) failed unexpectedly", parsed.resultId(), parsed.runId());
            Failure failure = new Failure(FailureCategory.SYSTEM, Stage.RUBRIC,
                    "unexpected " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), null);
            return new RubricOutcome(List.of(), List.of(), UsageMetadata.EMPTY, millisSince(started), failure);
        }
    }

    private RubricOutcome score(VerificationJob job, ModelConfig judge, String response, List<RubricTrait> traits, long started) {
        TraitScore[] scores = new TraitScore[traits.size()];
        List<Integer> booleanTraits = new ArrayList<>();
        for (int i = 0; i < traits.size(); i++) {
            RubricTrait trait = traits.get(i);
            String kind = trait.kind() == null ? "" : trait.kind();
            switch (kind) {
                case RubricTrait.REGEX -> scores[i] = RegexTraits.score(trait, response);
                case RubricTrait.BOOLEAN -> booleanTraits.add(i);
                default -> scores[i] = new TraitScore(trait.name(), trait.kind(), null, null, null,
                        "trait kind \"" + kind + "\" is not supported by this rubric service");
            }
        }
        List<RecordedCall> calls = List.of();
        UsageMetadata usage = UsageMetadata.EMPTY;
        if (!booleanTraits.isEmpty()) {
            List<RubricTrait> batch = booleanTraits.stream().map(traits::get).toList();
            BatchResult result = scoreBatch(job, judge, response, batch);
            for (int b = 0; b < batch.size(); b++) {
                scores[booleanTraits.get(b)] = result.scores().get(b);
            }
            calls = result.calls();
            usage = result.usage();
        }
        return new RubricOutcome(Arrays.asList(scores), calls, usage, millisSince(started), null);
    }

    private record BatchResult(List<TraitScore> scores, List<RecordedCall> calls, UsageMetadata usage) {
    }

    /** Every boolean trait in one call; when the call fails for good, each of them carries the error. */
    private BatchResult scoreBatch(VerificationJob job, ModelConfig judge, String response, List<RubricTrait> traits) {
        JsonNode schema = TraitBatchSchema.of(traits);
        PromptTask task = PromptTask.RUBRIC_LLM_TRAIT_BATCH;
        try {
            List<Message> messages = new PromptAssembler(task, judge.interfaceName(), gateway.capabilities(judge)).assemble(
                    RubricPrompt.SYSTEM, RubricPrompt.user(job.question().question(), response, traits),
                    job.settings().promptConfig().instructionsFor(task).orElse(null),
                    Map.of(InstructionContext.JSON_SCHEMA, schema));
            Extraction extraction = gateway.extract(judge, Stage.RUBRIC, task, messages, schema);
            List<TraitScore> scores = traits.stream()
                    .map(trait -> new TraitScore(trait.name(), RubricTrait.BOOLEAN, extraction.value().get(trait.name()).asBoolean(),
                            null, null, null))
                    .toList();
            return new BatchResult(scores, extraction.calls(), extraction.usage());
        } catch (ModelCallException e) {
            return failedBatch(traits, e.toFailure(Stage.RUBRIC), e.calls(), e.usage());
        } catch (PortException e) {
            // No port could be made for the judge (e.g. an unknown interface): no call was made.
            return failedBatch(traits, new ModelCallException(e, List.of()).toFailure(Stage.RUBRIC), List.of(), UsageMetadata.EMPTY);
        }
    }

    private static BatchResult failedBatch(List<RubricTrait> traits, Failure failure, List<RecordedCall> calls, UsageMetadata usage) {
        String error = "the judge call for the boolean traits failed (" + failure.category().wireName() + "): " + failure.reason();
        List<TraitScore> scores = traits.stream()
                .map(trait -> new TraitScore(trait.name(), RubricTrait.BOOLEAN, null, null, null, error))
                .toList();
        return new BatchResult(scores, calls, usage);
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
