package dev.assay.generation.service;

import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.ValidRun;
import dev.assay.generation.repository.RunEntity;
import dev.assay.generation.repository.RunRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The results a run submitted here may have: one per job of its plan and judge, under the ids the
 * plan gives them (docs/messaging.md#ids-and-what-the-store-accepts). The store refuses any other
 * result of such a run, so a job published under another {@code job_id} for a planned question never
 * replaces the run's result, and a job the run never planned is never counted toward its
 * completion. A run first seen on Kafka has no plan: its results are all accepted.
 *
 * <p>Plans are rebuilt from the run's stored spec, as a retry or an extension does, and kept; a
 * result the kept plan lacks rebuilds it once more (an extension may have changed the spec since).
 */
@ApplicationScoped
public class RunPlans {

    private static final Logger LOG = Logger.getLogger(RunPlans.class);
    /** Plans kept; past this many the memory starts again. */
    private static final int MAX_KEPT = 256;

    private final RunRepository runs;
    private final RunValidator validator;
    private final Map<String, Plan> kept = new ConcurrentHashMap<>();

    public RunPlans(RunRepository runs, RunValidator validator) {
        this.runs = runs;
        this.validator = validator;
    }

    /** Throws {@link ResultNotPlannedException} when {@code result}'s run has a plan with no place for it. */
    public void check(VerificationResult result) {
        if (kept.size() >= MAX_KEPT) {
            kept.clear();
        }
        // the first results of a run arrive together: one of them loads its plan, the others wait for it
        Plan plan = kept.computeIfAbsent(result.runId(), this::load);
        if (!plan.accepts(result)) {
            plan = load(result.runId());
            kept.put(result.runId(), plan);
        }
        String refusal = plan.refusal(result);
        if (refusal != null) {
            throw new ResultNotPlannedException(refusal);
        }
    }

    private Plan load(String runId) {
        String spec = QuarkusTransaction.requiringNew().call(() -> {
            RunEntity run = runs.findById(runId);
            return run == null ? null : run.spec;
        });
        return spec == null ? Plan.NONE : plan(runId, spec);
    }

    private Plan plan(String runId, String spec) {
        ValidRun valid;
        try {
            valid = validator.validate(RunRequeue.tree(spec));
        } catch (RuntimeException e) {
            // the deployment changed since (e.g. an interface no longer served): the store does not judge its results
            LOG.warnf("run %s: its stored spec no longer validates (%s), so its results are stored without checking them "
                    + "against its plan", runId, e.getMessage());
            return Plan.NONE;
        }
        Map<String, String> jobByResult = new HashMap<>();
        for (VerificationJob job : RunPlanner.plan(runId, valid, Instant.EPOCH)) {
            job.judges().forEach(judge -> jobByResult.put(job.resultId(judge), job.jobId()));
        }
        return new Plan(jobByResult);
    }

    /** A run's planned results, each with its job's id; {@code null} for a run without a plan. */
    private record Plan(Map<String, String> jobByResult) {

        static final Plan NONE = new Plan(null);

        boolean accepts(VerificationResult result) {
            return refusal(result) == null;
        }

        String refusal(VerificationResult result) {
            if (jobByResult == null) {
                return null;
            }
            String what = "question " + result.questionId() + " × answering model " + result.answeringModel() + " × judge "
                    + result.judge() + ", replicate " + result.replicate();
            String plannedJob = jobByResult.get(result.resultId());
            if (plannedJob == null) {
                return "result " + result.resultId() + " of run " + result.runId() + " (" + what + ", job " + result.jobId()
                        + ") is not part of the run's plan: a run submitted through the API takes only the results of the jobs "
                        + "it planned (docs/messaging.md#ids-and-what-the-store-accepts); not stored";
            }
            if (!plannedJob.equals(result.jobId())) {
                return "result " + result.resultId() + " of run " + result.runId() + " (" + what + ") comes from job "
                        + result.jobId() + ", but the run planned that result under job " + plannedJob
                        + " (docs/messaging.md#ids-and-what-the-store-accepts); not stored over the run's result";
            }
            return null;
        }
    }
}
