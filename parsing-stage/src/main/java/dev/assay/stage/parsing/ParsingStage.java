package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.port.AgentTrace;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.observability.RecordContextExecutor;
import dev.assay.core.cache.CacheScope;
import dev.assay.core.session.ModelSession;
import dev.assay.core.embedding.Embeddings;
import dev.assay.core.llm.SecretResolver;
import dev.assay.core.search.SearchTools;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.agent.ToolConnector;
import dev.assay.core.session.JudgeInvestigation;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.port.AgentResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The parsing stage: each judge of the job checks the answer for an abstention and for sufficiency
 * (each when the run asks for it), parses it into the question's template and verifies it against the ground truth. One
 * {@link ParsedJob} per judge, in the job's judge order; judges work at the same time.
 *
 * <p>Never throws for a judge: a failed call, or anything unexpected, becomes that judge's
 * failure, with every call made so far recorded.
 */
@ApplicationScoped
public class ParsingStage {

    private static final Logger LOG = Logger.getLogger(ParsingStage.class);

    private final ModelGateway gateway;
    private final SearchTools searchTools;
    private final Embeddings embeddings;
    private final InProcessEmbeddings inProcessEmbeddings;
    private final JudgeInvestigation investigation;

    @Inject
    public ParsingStage(ModelGateway gateway, SearchTools searchTools, Embeddings embeddings, InProcessEmbeddings inProcessEmbeddings,
                        ToolConnector tools) {
        this.gateway = gateway;
        this.searchTools = searchTools;
        this.embeddings = embeddings;
        this.inProcessEmbeddings = inProcessEmbeddings;
        this.investigation = new JudgeInvestigation(tools);
    }

    /** Without search tools (a run that searches gets the search failure recorded). */
    public ParsingStage(ModelGateway gateway) {
        this(gateway, SearchTools.NONE, new Embeddings(new SecretResolver()), new InProcessEmbeddings(),
                new ToolConnector(new McpConnector(new SecretResolver(), java.time.Duration.ofSeconds(30))));
    }

    public List<ParsedJob> process(AnsweredJob answered) {
        List<ModelConfig> judges = answered.job().judges();
        if (judges.size() == 1) {
            return List.of(ParsedJob.of(answered, judges.get(0), judge(answered, judges.get(0))));
        }
        // Judges are independent and their calls slow: one virtual thread each; the gateway limits calls per model.
        // Each judge's thread carries the record's trace context and log ids.
        try (ExecutorService perJudge = RecordContextExecutor.perTask()) {
            List<Future<ParsingOutcome>> outcomes = new ArrayList<>();
            for (ModelConfig judge : judges) {
                outcomes.add(perJudge.submit(() -> judge(answered, judge)));
            }
            List<ParsedJob> parsed = new ArrayList<>();
            for (int i = 0; i < judges.size(); i++) {
                parsed.add(ParsedJob.of(answered, judges.get(i), await(outcomes.get(i))));
            }
            return parsed;
        }
    }

    /** One judge's work on the answer. */
    ParsingOutcome judge(AnsweredJob answered, ModelConfig judge) {
        if (!answered.generation().succeeded()) {
            // The generation failure decides the result; there is nothing for a judge to read.
            return ParsingOutcome.builder().build();
        }
        if (answered.generation().agent() != null) {
            // Guards on an agent's trace (Karenina's): a run cut off at its turn limit, a trace ending on a
            // tool call or a retry placeholder has no answer worth a judge's call, however its text reads.
            java.util.Optional<String> problem = AgentTrace.problem(answered.generation().agent());
            if (problem.isPresent()) {
                return ParsingOutcome.builder()
                        .failure(new Failure(FailureCategory.AUTOFAIL, Stage.PARSING, problem.get(), null))
                        .build();
            }
        }
        if (answered.generation().response().isBlank() && asksAJudge(answered.job())) {
            // Guard: an empty answer gives a judge nothing to read, and is not worth paying one to say so.
            // Without a parsing call (rubric_only, no abstention check) it goes on to the rubric: a regex or
            // expression judges an empty answer as well as any (an LVE checker records a verdict for one).
            return ParsingOutcome.builder()
                    .failure(new Failure(FailureCategory.AUTOFAIL, Stage.PARSING, "the response is empty: nothing to judge", null))
                    .build();
        }
        JudgeWork work = new JudgeWork(answered, searchTools, embeddings, inProcessEmbeddings, investigation, judge,
                new ModelSession(gateway, Stage.PARSING, judge, answered.job().settings().promptConfig(),
                        CacheScope.of(answered.job())));
        try {
            return work.run();
        } catch (ModelCallException e) {
            return work.failed(e.toFailure(Stage.PARSING));
        } catch (RuntimeException e) {
            LOG.errorf(e, "judge %s on job %s (run %s) failed unexpectedly", judge.canonicalKey(), answered.jobId(), answered.runId());
            return work.failed(Failure.unexpected(Stage.PARSING, e));
        }
    }

    /** Whether this stage calls a judge for the job: an abstention check, or a template to fill. */
    private static boolean asksAJudge(VerificationJob job) {
        JobSettings settings = job.settings();
        return settings.abstentionCheck() || settings.evaluationMode().usesTemplate() && job.question().template() != null;
    }

    /** One judge's checks of one answer, in order; the session keeps every call, so a failure keeps the ones before it. */
    private static final class JudgeWork {

        private final VerificationJob job;
        private final GenerationOutcome generation;
        private final String response;
        private final ModelSession session;
        private final SearchTools searchTools;
        private final Embeddings embeddings;
        private final InProcessEmbeddings inProcessEmbeddings;
        private final JudgeInvestigation investigation;
        private final ModelConfig judge;
        private JudgeCheck abstention;
        private JudgeCheck sufficiency;
        private AgentResult investigated;

        JudgeWork(AnsweredJob answered, SearchTools searchTools, Embeddings embeddings, InProcessEmbeddings inProcessEmbeddings,
                  JudgeInvestigation investigation, ModelConfig judge, ModelSession session) {
            this.inProcessEmbeddings = inProcessEmbeddings;
            this.job = answered.job();
            this.generation = answered.generation();
            this.response = generation.response();
            this.investigation = investigation;
            this.searchTools = searchTools;
            this.embeddings = embeddings;
            this.judge = judge;
            this.session = session;
        }

        ParsingOutcome run() {
            JobSettings settings = job.settings();
            String question = job.question().question();
            if (settings.abstentionCheck()) {
                abstention = session.ask(JudgeTasks.ABSTENTION, new JudgeInputs.Answer(question, response));
                if (abstention.detected()) {
                    // An abstention is the verdict: there is no answer to parse.
                    return failed(new Failure(FailureCategory.ABSTAINED, Stage.PARSING, abstention.reasoning(), null));
                }
            }
            AnswerTemplate template = job.question().template();
            if (!settings.evaluationMode().usesTemplate() || template == null) {
                return outcome().build();
            }
            JudgeInputs.TemplateAnswer answer = new JudgeInputs.TemplateAnswer(question, response, template);
            if (settings.sufficiencyCheck()) {
                // Only with a template: sufficiency is "can the template be filled from this response".
                sufficiency = session.ask(JudgeTasks.SUFFICIENCY, answer);
                if (sufficiency.detected()) {
                    // The response was usable as text but lacks what the template needs: content, not a system fault.
                    return failed(new Failure(FailureCategory.CONTENT, Stage.PARSING, sufficiency.reasoning(), null));
                }
            }
            DeepJudgment.Result deep = null;
            JsonNode parsed;
            if (settings.agenticParsing() != null) {
                // agentic parsing replaces the parse (and deep judgment, as in Karenina): investigate, then extract
                AgenticParsing.Result agentic = new AgenticParsing(settings.agenticParsing(), investigation, session)
                        .parse(job.question().id(), question, generation, template);
                investigated = agentic.investigation();
                if (agentic.failure() != null) {
                    return failed(agentic.failure());
                }
                parsed = agentic.parsed();
            } else {
                // deep judgment, when the run asks for it, reads the response through excerpts and reasoning first
                deep = settings.effectiveDeepJudgment().enabled()
                        ? new DeepJudgment(session, settings.effectiveDeepJudgment(), searchTools).judge(answer) : null;
                parsed = deep != null ? deep.parsed() : session.ask(JudgeTasks.PARSING, answer);
            }
            TemplateVerdict verdict = TemplateVerifier.verify(template, parsed, response,
                    (fieldName, field, actual, fieldInstructions) -> session.ask(JudgeTasks.SEMANTIC_EQUIVALENCE,
                            new JudgeInputs.FieldComparison(fieldName, field, actual, fieldInstructions)));
            if (settings.embeddingCheck() != null) {
                // Karenina's stage 9: a parse close to the ground truth by embeddings may override the field failure
                verdict = new EmbeddingCheckStep(settings.embeddingCheck(), embeddings, inProcessEmbeddings, judge, session)
                        .apply(question, template, parsed, verdict);
            }
            // an abstention stopped before this point, so it always takes priority over the autofail
            return outcome().parsed(parsed).template(verdict).deepJudgment(deep == null ? null : deep.trace())
                    .failure(deep == null ? null : deep.autofail()).build();
        }

        /** Stopped by a failure: no parse, no verdict. */
        ParsingOutcome failed(Failure failure) {
            return outcome().failure(failure).build();
        }

        /** The checks that ran and every call so far; the caller adds what else there is. */
        private ParsingOutcome.Builder outcome() {
            return ParsingOutcome.builder()
                    .abstention(abstention)
                    .sufficiency(sufficiency)
                    .investigation(investigated)
                    .calls(session.calls())
                    .usage(session.usage())
                    .latencyMs(session.elapsedMillis());
        }
    }

    private static ParsingOutcome await(Future<ParsingOutcome> outcome) {
        try {
            return outcome.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the judges were working", e);
        } catch (ExecutionException e) {
            // judge() catches everything; reaching here is a bug worth surfacing as is
            throw new IllegalStateException("a judge failed unexpectedly", e.getCause());
        }
    }
}
