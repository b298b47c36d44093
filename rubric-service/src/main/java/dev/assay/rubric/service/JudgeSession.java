package dev.assay.rubric.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.AnswerCheck;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.Extraction;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The judge calls of one record's rubric stage. Every call is assembled the one way (task
 * instructions, then the adapter's, then the run's user instructions; DESIGN §3), and every
 * attempt, failed or not, is kept for the result. Not thread-safe: one session per record.
 */
public final class JudgeSession {

    private final ModelGateway gateway;
    private final ModelConfig judge;
    private final PromptConfig promptConfig;
    private final List<RecordedCall> calls = new ArrayList<>();
    private UsageMetadata usage = UsageMetadata.EMPTY;

    public JudgeSession(ModelGateway gateway, ModelConfig judge, PromptConfig promptConfig) {
        this.gateway = gateway;
        this.judge = judge;
        this.promptConfig = promptConfig == null ? PromptConfig.EMPTY : promptConfig;
    }

    public ModelConfig judge() {
        return judge;
    }

    /**
     * A JSON answer valid against {@code schema} (repaired when it is not). Throws
     * {@link ModelCallException} when no usable answer came; its attempts are recorded all the same.
     */
    public Extraction extract(PromptTask task, String system, String user, JsonNode schema) {
        return extract(task, system, user, schema, AnswerCheck.NONE);
    }

    /** Like {@link #extract(PromptTask, String, String, JsonNode)}, repairing {@code check}'s problems too. */
    public Extraction extract(PromptTask task, String system, String user, JsonNode schema, AnswerCheck check) {
        try {
            Extraction extraction = gateway.extract(judge, Stage.RUBRIC, task, assemble(task, system, user, schema), schema,
                    check);
            record(extraction.calls(), extraction.usage());
            return extraction;
        } catch (ModelCallException e) {
            record(e.calls(), e.usage());
            throw e;
        } catch (PortException e) {
            // no port could be made for the judge (e.g. an unknown interface): no call was made
            throw new ModelCallException(e, List.of());
        }
    }

    /** A text answer, for calls whose format the prompt itself asks for (nugget assignment). */
    public Completion complete(PromptTask task, String system, String user) {
        try {
            Completion completion = gateway.complete(judge, Stage.RUBRIC, task, assemble(task, system, user, null));
            record(completion.calls(), completion.usage());
            return completion;
        } catch (ModelCallException e) {
            record(e.calls(), e.usage());
            throw e;
        } catch (PortException e) {
            throw new ModelCallException(e, List.of());
        }
    }

    private List<Message> assemble(PromptTask task, String system, String user, JsonNode schema) {
        Map<String, Object> context = schema == null ? Map.of() : Map.of(InstructionContext.JSON_SCHEMA, schema);
        return new PromptAssembler(task, judge.interfaceName(), gateway.capabilities(judge))
                .assemble(system, user, promptConfig.instructionsFor(task).orElse(null), context);
    }

    private void record(List<RecordedCall> made, UsageMetadata used) {
        calls.addAll(made);
        usage = usage.plus(used);
    }

    public List<RecordedCall> calls() {
        return List.copyOf(calls);
    }

    public UsageMetadata usage() {
        return usage;
    }
}
