package dev.assay.common.pipeline;

import dev.assay.common.run.RunOutput;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.Question;
import dev.assay.common.message.Message;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.run.ModelConfig;

import java.time.Instant;
import java.util.List;

/**
 * One question to ask one answering model once, with everything the later stages need: the
 * question (template, rubric with global traits merged), the judges and the run's settings.
 * Published on {@link Topics#JOBS}.
 *
 * @param manualAnswer    the answer to use when the answering model is {@code manual}
 * @param manualVariables the variables an LVE prompt filled, recorded with the manual answer (optional)
 * @param manualOutputs   the runs of a multi-run prompt, recorded with the manual answer (optional)
 * @param manualTrace     a recorded agent trace, the manual answer's whole run (optional; docs/agents.md)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VerificationJob(
        int schemaVersion,
        String runId,
        String jobId,
        Question question,
        ModelConfig answeringModel,
        List<ModelConfig> judges,
        int replicate,
        JobSettings settings,
        String manualAnswer,
        Instant createdAt,
        java.util.Map<String, String> manualVariables,
        List<RunOutput> manualOutputs,
        List<Message> manualTrace) {

    public static final int SCHEMA_VERSION = 1;

    public VerificationJob {
        if (schemaVersion != SCHEMA_VERSION) {
            throw new IllegalArgumentException("verification job: schema_version " + schemaVersion
                    + " is not supported (this service reads version " + SCHEMA_VERSION + ")");
        }
        require(runId, "run_id");
        require(jobId, "job_id");
        if (question == null || answeringModel == null) {
            throw new IllegalArgumentException("verification job " + jobId + ": question and answering_model are required");
        }
        judges = judges == null ? List.of() : List.copyOf(judges);
        manualVariables = manualVariables == null || manualVariables.isEmpty() ? null
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(manualVariables));
        manualOutputs = manualOutputs == null || manualOutputs.isEmpty() ? null : List.copyOf(manualOutputs);
        manualTrace = manualTrace == null || manualTrace.isEmpty() ? null : List.copyOf(manualTrace);
        settings = settings == null ? new JobSettings(null, false, null) : settings;
        if (replicate < 1) {
            throw new IllegalArgumentException("verification job " + jobId + ": replicate starts at 1, got " + replicate);
        }
    }

    /** A job with its deterministic id. */
    public static VerificationJob create(String runId, Question question, ModelConfig answeringModel, List<ModelConfig> judges,
                                         int replicate, JobSettings settings, String manualAnswer, Instant createdAt) {
        return createAnswered(runId, question, answeringModel, judges, replicate, settings,
                manualAnswer == null ? null : ManualAnswer.of(manualAnswer), createdAt);
    }

    /** A job with its deterministic id, answered by a recorded answer (with its variables and outputs). */
    public static VerificationJob createAnswered(String runId, Question question, ModelConfig answeringModel,
                                                 List<ModelConfig> judges, int replicate, JobSettings settings,
                                                 ManualAnswer manualAnswer, Instant createdAt) {
        String jobId = PipelineIds.jobId(runId, question.id(), answeringModel.canonicalKey(), replicate);
        return new VerificationJob(SCHEMA_VERSION, runId, jobId, question, answeringModel, judges, replicate, settings,
                manualAnswer == null ? null : manualAnswer.response(), createdAt,
                manualAnswer == null ? null : manualAnswer.variables(), manualAnswer == null ? null : manualAnswer.outputs(),
                manualAnswer == null ? null : manualAnswer.trace());
    }

    /** A job as it was, before manual traces: no recorded trace. */
    public VerificationJob(int schemaVersion, String runId, String jobId, Question question, ModelConfig answeringModel,
                           List<ModelConfig> judges, int replicate, JobSettings settings, String manualAnswer, Instant createdAt,
                           java.util.Map<String, String> manualVariables, List<RunOutput> manualOutputs) {
        this(schemaVersion, runId, jobId, question, answeringModel, judges, replicate, settings, manualAnswer, createdAt,
                manualVariables, manualOutputs, null);
    }

    /**
     * The same job judged by {@code judges} only: a retry or an extension of a run queues a job
     * again for the judges whose results it still lacks, so the others are not paid again.
     */
    public VerificationJob withJudges(List<ModelConfig> judges) {
        return new VerificationJob(schemaVersion, runId, jobId, question, answeringModel, judges, replicate, settings, manualAnswer,
                createdAt, manualVariables, manualOutputs);
    }

    /** The deterministic id of this job's result for {@code judge}. */
    public String resultId(ModelConfig judge) {
        return PipelineIds.resultId(runId, question.id(), answeringModel.canonicalKey(), judge.canonicalKey(), replicate);
    }

    static void require(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("pipeline message: " + name + " is required");
        }
    }
}
