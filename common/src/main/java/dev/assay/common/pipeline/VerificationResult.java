package dev.assay.common.pipeline;

import dev.assay.common.run.RunOutput;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.EvaluationMode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The finished evaluation of one answer by one judge: the public output of the pipeline,
 * published on {@link Topics#RESULTS} and stored by {@code result_id}.
 *
 * @param keywords       the question's keywords (an LVE import's tags), so reports can group by them; null without any
 * @param answeringModel canonical key of the answering model
 * @param judge          canonical key of the judge
 * @param calls          every model call of every stage, messages exactly as sent
 * @param usage          usage per stage ({@code generation}, {@code parsing}, {@code rubric}) and {@code total}
 * @param timingsMs      wall time per stage in milliseconds
 * @param variables      what a multi-variable prompt filled; null otherwise
 * @param outputs        every run of a multi-run prompt; null otherwise
 * @param agent          an agent's run: its whole trace (tool calls and results), turns, limit_reached; null for a model that is no agent
 * @param rubric         trait scores, promoted dynamic traits included
 * @param dynamicRubric  which dynamic traits were promoted and which skipped; null without dynamic traits
 * @param nuggets        the nugget evaluation; null without nuggets
 * @param deepJudgment   excerpts, reasoning and risks of deep judgment of the template; null when the run did not ask for it
 * @param investigation  agentic parsing's investigation by the judge (trace, turns, usage); null when the run did not ask for it
 * @param caveats        what to know before trusting the verdict (a judge asked again, retried calls,
 *                       traits not scored, a pass despite failing fields); empty when there is nothing
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VerificationResult(
        int schemaVersion,
        String runId,
        String jobId,
        String resultId,
        String questionId,
        String question,
        List<String> keywords,
        String answeringModel,
        String judge,
        int replicate,
        EvaluationMode evaluationMode,
        ResultStatus status,
        String response,
        Map<String, String> variables,
        List<RunOutput> outputs,
        AgentResult agent,
        JudgeCheck abstention,
        JudgeCheck sufficiency,
        JsonNode parsed,
        TemplateVerdict template,
        DeepJudgmentTrace deepJudgment,
        AgentResult investigation,
        List<TraitScore> rubric,
        DynamicRubricOutcome dynamicRubric,
        NuggetOutcome nuggets,
        Failure failure,
        List<RecordedCall> calls,
        Map<String, UsageMetadata> usage,
        Map<String, Long> timingsMs,
        List<String> caveats,
        Instant completedAt) {

    public static final int SCHEMA_VERSION = 1;
    public static final String TOTAL = "total";

    public VerificationResult {
        if (schemaVersion != SCHEMA_VERSION) {
            throw new IllegalArgumentException("verification result: schema_version " + schemaVersion
                    + " is not supported (this service reads version " + SCHEMA_VERSION + ")");
        }
        VerificationJob.require(runId, "run_id");
        VerificationJob.require(jobId, "job_id");
        VerificationJob.require(resultId, "result_id");
        if (status == null) {
            throw new IllegalArgumentException("verification result " + resultId + ": status is required");
        }
        rubric = rubric == null ? List.of() : List.copyOf(rubric);
        keywords = keywords == null || keywords.isEmpty() ? null : List.copyOf(keywords);
        variables = variables == null || variables.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        outputs = outputs == null || outputs.isEmpty() ? null : List.copyOf(outputs);
        caveats = caveats == null ? List.of() : List.copyOf(caveats);
        calls = calls == null ? List.of() : List.copyOf(calls);
        // insertion order kept: generation, parsing, rubric, total reads best
        usage = usage == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(usage));
        timingsMs = timingsMs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(timingsMs));
    }

    /**
     * Puts a result together from a parsed record and its rubric outcome. The first failure along
     * the way (generation, then parsing, then rubric) decides an error status; an abstention
     * gives {@link ResultStatus#ABSTAINED}, a deep-judgment autofail {@link ResultStatus#FAILED}, an insufficient response (the parsing failure)
     * {@link ResultStatus#INSUFFICIENT}; otherwise the template verdict, or SCORED without one.
     */
    public static VerificationResult assemble(ParsedJob parsed, RubricOutcome rubric, Instant completedAt) {
        rubric = rubric == null ? RubricOutcome.NOTHING_TO_DO : rubric;
        VerificationJob job = parsed.answered().job();
        GenerationOutcome generation = parsed.answered().generation();
        ParsingOutcome parsing = parsed.parsing();

        Failure failure = generation.failure() != null ? generation.failure()
                : parsing.failure() != null ? parsing.failure() : rubric.failure();
        ResultStatus status;
        if (failure != null && failure.category() == FailureCategory.ABSTAINED) {
            status = ResultStatus.ABSTAINED;
        } else if (failure != null && failure.category() == FailureCategory.DEEP_JUDGMENT_AUTOFAIL) {
            // a verdict on the content (no evidence for a parsed value), not a fault of the run
            status = ResultStatus.FAILED;
        } else if (generation.failure() == null && parsing.failure() != null && parsing.insufficient()) {
            status = ResultStatus.INSUFFICIENT;
        } else if (failure != null) {
            status = ResultStatus.ERROR;
        } else if (parsing.template() != null) {
            status = parsing.template().passed() ? ResultStatus.PASSED : ResultStatus.FAILED;
        } else {
            status = ResultStatus.SCORED;
        }

        List<RecordedCall> calls = new ArrayList<>(generation.calls());
        calls.addAll(parsing.calls());
        calls.addAll(rubric.calls());

        Map<String, UsageMetadata> usage = new LinkedHashMap<>();
        usage.put(Stage.GENERATION.wireName(), generation.usage());
        usage.put(Stage.PARSING.wireName(), parsing.usage());
        usage.put(Stage.RUBRIC.wireName(), rubric.usage());
        usage.put(TOTAL, generation.usage().plus(parsing.usage()).plus(rubric.usage()));

        Map<String, Long> timings = new LinkedHashMap<>();
        timings.put(Stage.GENERATION.wireName(), generation.latencyMs());
        timings.put(Stage.PARSING.wireName(), parsing.latencyMs());
        timings.put(Stage.RUBRIC.wireName(), rubric.latencyMs());

        return new VerificationResult(SCHEMA_VERSION, parsed.runId(), parsed.jobId(), parsed.resultId(),
                job.question().id(), job.question().question(), job.question().keywords(), job.answeringModel().canonicalKey(),
                parsed.judge().canonicalKey(), job.replicate(), job.settings().evaluationMode(), status,
                generation.response(), generation.variables(), generation.outputs(), generation.agent(), parsing.abstention(), parsing.sufficiency(), parsing.parsed(), parsing.template(), parsing.deepJudgment(), parsing.investigation(), rubric.traits(), rubric.dynamic(),
                rubric.nuggets(), failure, calls, usage, timings, ResultCaveats.of(calls, parsing.template(), rubric.traits(),
                rubric.dynamic(), rubric.nuggets()), completedAt);
    }
}
