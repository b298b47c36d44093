package dev.assay.parsing.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.AbstentionPrompt;
import dev.assay.common.prompt.judge.ParsingPrompt;
import dev.assay.common.prompt.judge.SemanticPrompt;
import dev.assay.common.prompt.judge.SufficiencyPrompt;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.template.TemplateSchemas;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.common.template.primitive.SemanticJudge;
import dev.assay.core.llm.Extraction;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.observability.RecordContextExecutor;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    public ParsingStage(ModelGateway gateway) {
        this.gateway = gateway;
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
            return new ParsingOutcome(null, null, null, List.of(), UsageMetadata.EMPTY, 0, null);
        }
        if (answered.generation().response().isBlank()) {
            // Guard: an empty answer gives a judge nothing to read, and is not worth paying one to say so.
            return new ParsingOutcome(null, null, null, null, List.of(), UsageMetadata.EMPTY, 0,
                    new Failure(FailureCategory.AUTOFAIL, Stage.PARSING, "the response is empty: nothing to judge", null));
        }
        JudgeWork work = new JudgeWork(answered.job(), answered.generation().response(), judge);
        try {
            return work.run();
        } catch (ModelCallException e) {
            return work.failed(e.calls(), e.toFailure(Stage.PARSING));
        } catch (PortException e) {
            // No port could be made for the judge (e.g. an unknown interface): no call was made.
            return work.failed(List.of(), new ModelCallException(e, List.of()).toFailure(Stage.PARSING));
        } catch (RuntimeException e) {
            LOG.errorf(e, "judge %s on job %s (run %s) failed unexpectedly", judge.canonicalKey(), answered.jobId(), answered.runId());
            return work.failed(List.of(), new Failure(FailureCategory.SYSTEM, Stage.PARSING,
                    "unexpected " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), null));
        }
    }

    /** The calls of one judge on one answer, gathered as they are made so a failure keeps the ones before it. */
    private final class JudgeWork {

        private final VerificationJob job;
        private final String response;
        private final ModelConfig judge;
        private final long started = System.nanoTime();
        private final List<RecordedCall> calls = new ArrayList<>();
        private UsageMetadata usage = UsageMetadata.EMPTY;
        private JudgeCheck abstention;
        private JudgeCheck sufficiency;

        JudgeWork(VerificationJob job, String response, ModelConfig judge) {
            this.job = job;
            this.response = response;
            this.judge = judge;
        }

        ParsingOutcome run() {
            JobSettings settings = job.settings();
            PortCapabilities capabilities = gateway.capabilities(judge);
            String question = job.question().question();
            if (settings.abstentionCheck()) {
                JsonNode schema = AbstentionPrompt.schema();
                Extraction check = extract(PromptTask.ABSTENTION_DETECTION, capabilities, AbstentionPrompt.SYSTEM,
                        AbstentionPrompt.user(question, response), schema);
                abstention = AbstentionPrompt.verdict(check.value());
                if (abstention.detected()) {
                    // An abstention is the verdict: there is no answer to parse.
                    return outcome(null, null, new Failure(FailureCategory.ABSTAINED, Stage.PARSING, abstention.reasoning(), null));
                }
            }
            AnswerTemplate template = job.question().template();
            if (!settings.evaluationMode().usesTemplate() || template == null) {
                return outcome(null, null, null);
            }
            if (settings.sufficiencyCheck()) {
                // Only with a template: sufficiency is "can the template be filled from this response".
                Extraction check = extract(PromptTask.SUFFICIENCY_DETECTION, capabilities, SufficiencyPrompt.SYSTEM,
                        SufficiencyPrompt.user(question, response, template), SufficiencyPrompt.schema());
                sufficiency = SufficiencyPrompt.verdict(check.value());
                if (sufficiency.detected()) {
                    // The response was usable as text but lacks what the template needs: content, not a system fault.
                    return outcome(null, null, new Failure(FailureCategory.CONTENT, Stage.PARSING, sufficiency.reasoning(), null));
                }
            }
            JsonNode schema = TemplateSchemas.of(template);
            Extraction parsing = extract(PromptTask.PARSING, capabilities, ParsingPrompt.SYSTEM,
                    ParsingPrompt.user(question, response), schema);
            TemplateVerdict verdict = TemplateVerifier.verify(template, parsing.value(), response,
                    (fieldName, field, actual, fieldInstructions) -> semantic(capabilities, fieldName, field, actual, fieldInstructions));
            return outcome(parsing.value(), verdict, null);
        }

        /**
         * The {@code semantic} primitive's question to this same judge, under task {@code parsing}
         * (it is part of verifying the parse). The field's own {@code instructions} take the place
         * of the run's parsing instructions, which are about extracting, not comparing.
         */
        private SemanticJudge.Equivalence semantic(PortCapabilities capabilities, String fieldName, TemplateField field,
                                                   JsonNode actual, String fieldInstructions) {
            Extraction answer = extract(PromptTask.PARSING, capabilities, SemanticPrompt.SYSTEM,
                    SemanticPrompt.user(fieldName, field, actual), SemanticPrompt.schema(), fieldInstructions);
            return SemanticPrompt.decision(answer.value());
        }

        private Extraction extract(PromptTask task, PortCapabilities capabilities, String system, String user, JsonNode schema) {
            return extract(task, capabilities, system, user, schema, job.settings().promptConfig().instructionsFor(task).orElse(null));
        }

        private Extraction extract(PromptTask task, PortCapabilities capabilities, String system, String user, JsonNode schema,
                                   String instructions) {
            List<Message> messages = new PromptAssembler(task, judge.interfaceName(), capabilities)
                    .assemble(system, user, instructions, Map.of(InstructionContext.JSON_SCHEMA, schema));
            Extraction extraction = gateway.extract(judge, Stage.PARSING, task, messages, schema);
            calls.addAll(extraction.calls());
            usage = usage.plus(extraction.usage());
            return extraction;
        }

        ParsingOutcome failed(List<RecordedCall> failedCalls, Failure failure) {
            calls.addAll(failedCalls);
            failedCalls.forEach(call -> usage = usage.plus(call.usage()));
            return outcome(null, null, failure);
        }

        private ParsingOutcome outcome(JsonNode parsed, TemplateVerdict verdict, Failure failure) {
            long latencyMs = (System.nanoTime() - started) / 1_000_000;
            return new ParsingOutcome(abstention, sufficiency, parsed, verdict, calls, usage, latencyMs, failure);
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
