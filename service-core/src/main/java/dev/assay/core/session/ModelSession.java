package dev.assay.core.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.JudgePrompt;
import dev.assay.common.prompt.judge.JudgeTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.cache.CacheScope;
import dev.assay.core.llm.AnswerCheck;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.Extraction;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The model calls of one record's work with one model in one stage (the answering model's turns,
 * or one judge's checks): assembles each judge prompt the one way ({@link JudgePrompt#messages}),
 * calls the {@link ModelGateway}, and keeps every call and its usage, failed or not, as they
 * happen, so a failure late in the work still reports the calls before it.
 *
 * <p>Every failure to get an answer is a {@link ModelCallException}, including "no adapter could
 * be made for this model" (no call was made then). Not thread-safe: one session per record and model.
 */
public final class ModelSession {

    private final ModelGateway gateway;
    private final Stage stage;
    private final ModelConfig model;
    private final PromptConfig promptConfig;
    private final CacheScope cacheScope;
    private final long startedNanos = System.nanoTime();
    private final List<RecordedCall> calls = new ArrayList<>();
    private UsageMetadata usage = UsageMetadata.EMPTY;

    public ModelSession(ModelGateway gateway, Stage stage, ModelConfig model, PromptConfig promptConfig) {
        this(gateway, stage, model, promptConfig, CacheScope.OFF);
    }

    /** A session whose calls are answered from the response cache where {@code cacheScope} allows. */
    public ModelSession(ModelGateway gateway, Stage stage, ModelConfig model, PromptConfig promptConfig, CacheScope cacheScope) {
        this.cacheScope = cacheScope == null ? CacheScope.OFF : cacheScope;
        if (gateway == null || stage == null || model == null) {
            throw new IllegalArgumentException("model session: gateway, stage and model are required");
        }
        this.gateway = gateway;
        this.stage = stage;
        this.model = model;
        this.promptConfig = promptConfig == null ? PromptConfig.EMPTY : promptConfig;
    }

    public ModelConfig model() {
        return model;
    }

    public Stage stage() {
        return stage;
    }

    /** What the model's adapter takes; decides whether the system text is a message of its own. */
    public PortCapabilities capabilities() {
        return call(() -> gateway.capabilities(model));
    }

    /** The judge's answer to {@code task} for {@code input}, read by the task. */
    public <I, A> A ask(JudgeTask<I, A> task, I input) {
        return ask(task, input, AnswerCheck.NONE);
    }

    /** Like {@link #ask(JudgeTask, Object)}, with {@code check}'s problems repaired like schema errors. */
    public <I, A> A ask(JudgeTask<I, A> task, I input, AnswerCheck check) {
        JudgePrompt prompt = task.prompt(input);
        JsonNode answer = prompt.expectsJson() ? extract(prompt, check).value() : TextNode.valueOf(complete(prompt).content());
        return task.read(input, answer);
    }

    /** The prompt's messages as this session sends them: assembled for the model's adapter with the run's instructions. */
    public List<Message> messages(JudgePrompt prompt) {
        return prompt.messages(model.interfaceName(), capabilities(), promptConfig);
    }

    /** A JSON answer valid against the prompt's schema (repaired when it is not). */
    public Extraction extract(JudgePrompt prompt, AnswerCheck check) {
        List<Message> messages = prompt.messages(model.interfaceName(), capabilities(), promptConfig);
        Extraction extraction = recorded(() -> gateway.extract(model, stage, prompt.task(), messages, prompt.schema(), check,
                cacheScope));
        record(extraction.calls(), extraction.usage());
        return extraction;
    }

    /** A text answer to the prompt. */
    public Completion complete(JudgePrompt prompt) {
        return complete(prompt.task(), prompt.messages(model.interfaceName(), capabilities(), promptConfig));
    }

    /** A text answer to messages assembled by the caller (generation builds whole conversations). */
    public Completion complete(PromptTask task, List<Message> messages) {
        return complete(task, messages, (String) null);
    }

    /**
     * Like {@link #complete(PromptTask, List)}, as the sample {@code sample} of the record's calls: cached
     * apart from its other samples (docs/cache.md); {@code null}: the record's one sample.
     */
    public Completion complete(PromptTask task, List<Message> messages, String sample) {
        CacheScope scope = sample == null ? cacheScope : cacheScope.withSample(sample);
        Completion completion = recorded(() -> gateway.complete(model, stage, task, messages, scope));
        record(completion.calls(), completion.usage());
        return completion;
    }

    /** An agent's turn: a text answer or tool calls, recorded like every other call. */
    public Completion complete(PromptTask task, List<Message> messages, List<ToolDefinition> tools) {
        Completion completion = recorded(() -> gateway.complete(model, stage, task, messages, tools));
        record(completion.calls(), completion.usage());
        return completion;
    }

    /** Every call so far, in the order made. */
    public List<RecordedCall> calls() {
        return List.copyOf(calls);
    }

    public UsageMetadata usage() {
        return usage;
    }

    /** Since the session began. */
    public long elapsedMillis() {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }

    /** Runs a gateway call; a failed one's attempts are recorded before it is rethrown. */
    private <T> T recorded(Supplier<T> call) {
        try {
            return call(call);
        } catch (ModelCallException e) {
            record(e.calls(), e.usage());
            throw e;
        }
    }

    /** No port could be made for the model (e.g. an interface this service has no adapter for): a failed call with no attempt. */
    private static <T> T call(Supplier<T> call) {
        try {
            return call.get();
        } catch (PortException e) {
            throw new ModelCallException(e, List.of());
        }
    }

    private void record(List<RecordedCall> made, UsageMetadata used) {
        calls.addAll(made);
        usage = usage.plus(used);
    }
}
