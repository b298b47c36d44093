package dev.assay.stage.generation;

import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.port.UsageMetadata;
import dev.assay.core.llm.Completion;
import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.Passage;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.run.RunOutput;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.rag.RagPrompt;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelCallException;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** The generation loop against a scripted model: what is sent at each turn, what is kept. */
class PromptRunsTest {

    private static final List<PromptMessage> TWO_VARIABLES = List.of(
            PromptMessage.system("You do arithmetic."),
            PromptMessage.user("Think of a number below {max}."),
            PromptMessage.toFill("number"),
            PromptMessage.user("Double it; answer as {{\"n\": x}}."),
            PromptMessage.toFill("doubled"));

    /** What a model session would record of the loop's calls: the loop must make every call through its turn. */
    private final List<RecordedCall> calls = new ArrayList<>();
    private UsageMetadata usage = UsageMetadata.EMPTY;
    private final Map<String, String> variables = new LinkedHashMap<>();
    private final List<RunOutput> outputs = new ArrayList<>();

    private static VerificationJob job(Question question, String systemPrompt, PromptConfig prompts) {
        ModelConfig model = new ModelConfig(null, "openai", "m", null, null, null, null, null, null, null, systemPrompt);
        return VerificationJob.create("run", question, model, List.of(), 1, new JobSettings(null, false, prompts), null, Instant.EPOCH);
    }

    private static Question prompt(List<PromptMessage> messages, Map<String, String> parameters) {
        return new Question("q1", null, null, List.of(), null, null, null, null, parameters, messages, null, null, null);
    }

    private String answer(ScriptedModel model, VerificationJob job, PortCapabilities capabilities) {
        ModelTurn recorded = messages -> {
            try {
                Completion completion = model.complete(messages);
                calls.addAll(completion.calls());
                usage = usage.plus(completion.usage());
                return completion;
            } catch (ModelCallException e) {
                calls.addAll(e.calls());
                throw e;
            }
        };
        return new PromptRuns(new ConversationLoop(recorded), job, capabilities).answer(variables, outputs);
    }

    @Test
    void eachVariableIsAskedWithEverythingBeforeItAndItsAnswerGoesIn() {
        ScriptedModel model = new ScriptedModel("7", "{\"n\": 14}");
        VerificationJob job = job(prompt(TWO_VARIABLES, Map.of("max", "10")), "Be terse.",
                PromptConfig.fromMap(Map.of("generation", "No prose.")));

        String response = answer(model, job, PortCapabilities.DEFAULT);

        Message system = Message.system("Be terse.\n\nYou do arithmetic.\n\nNo prose.");
        assertThat(model.received()).containsExactly(
                List.of(system, Message.user("Think of a number below 10.")),
                List.of(system, Message.user("Think of a number below 10."), Message.assistant("7"),
                        Message.user("Double it; answer as {\"n\": x}.")));
        assertThat(variables).containsExactly(entry("number", "7"), entry("doubled", "{\"n\": 14}"));
        assertThat(response).isEqualTo("{\"n\": 14}");
        assertThat(calls).hasSize(2);
        assertThat(usage.inputTokens()).isEqualTo(20L);
    }

    @Test
    void aPromptNotEndingWithAVariableGetsAResponseTurn() {
        ScriptedModel model = new ScriptedModel("A", "B");
        List<PromptMessage> messages = List.of(PromptMessage.user("First?"), PromptMessage.toFill("first"),
                PromptMessage.assistant("(fixed aside)"), PromptMessage.user("Second?"));

        String response = answer(model, job(prompt(messages, Map.of()), null, PromptConfig.EMPTY), PortCapabilities.DEFAULT);

        assertThat(model.received().get(1)).containsExactly(Message.user("First?"), Message.assistant("A"),
                Message.assistant("(fixed aside)"), Message.user("Second?"));
        assertThat(variables).containsExactly(entry("first", "A"), entry("response", "B"));
        assertThat(response).isEqualTo("B");
    }

    @Test
    void withoutSystemPromptSupportTheSystemTextLeadsTheFirstUserMessage() {
        ScriptedModel model = new ScriptedModel("7", "14");
        VerificationJob job = job(prompt(TWO_VARIABLES, Map.of("max", "10")), "Be terse.", PromptConfig.EMPTY);

        answer(model, job, new PortCapabilities(false, false));

        assertThat(model.received().get(0)).containsExactly(
                Message.user("Be terse.\n\nYou do arithmetic.\n\nThink of a number below 10."));
    }

    @Test
    void fewShotExamplesComeAsPairsBeforeTheQuestion() {
        ScriptedModel model = new ScriptedModel("Lima");
        Question question = new Question("q", "Capital of Peru?", null, List.of(), null, null)
                .withFewShot(List.of(new FewShotExample("e1", "Capital of France?", "Paris")));

        answer(model, job(question, "Be terse.", PromptConfig.EMPTY), PortCapabilities.DEFAULT);
        answer(new ScriptedModel("Lima"), job(question, "Be terse.", PromptConfig.EMPTY), new PortCapabilities(false, false));

        assertThat(model.received().get(0)).containsExactly(Message.system("Be terse."), Message.user("Capital of France?"),
                Message.assistant("Paris"), Message.user("Capital of Peru?"));
        assertThat(variables).as("a plain question's answer is kept as response").containsOnlyKeys("response");
    }

    @Test
    void aPlainQuestionWithPassagesIsRenderedByTheRagPrompt() {
        ScriptedModel model = new ScriptedModel("blue");
        List<Passage> passages = List.of(new Passage("wiki", "The sky is blue.", null));
        Question question = new Question("q", "Sky colour?", null, List.of(), null, null, null, passages, null, null, null,
                null, null);
        VerificationJob job = job(question, null, PromptConfig.EMPTY);

        answer(model, job, PortCapabilities.DEFAULT);

        assertThat(model.received().get(0)).containsExactly(Message.user(RagPrompt.render("Sky colour?", passages, job.settings().rag())));
    }

    @Test
    void eachMultiRunItemRunsItsRepetitionsAsFreshConversations() {
        ScriptedModel model = new ScriptedModel("red", "green", "x", "y");
        List<MultiRunItem> items = List.of(
                new MultiRunItem("colour", 2, List.of(PromptMessage.user("Name a colour.")), null),
                new MultiRunItem("pair", null, List.of(PromptMessage.user("One?"), PromptMessage.toFill("one"),
                        PromptMessage.user("Two?"), PromptMessage.toFill("two")), null));
        Question question = new Question("q", "label", null, List.of(), null, null, null, null, null, null, null, items, null);

        String response = answer(model, job(question, null, PromptConfig.EMPTY), PortCapabilities.DEFAULT);

        assertThat(model.received()).containsExactly(
                List.of(Message.user("Name a colour.")),
                List.of(Message.user("Name a colour.")),
                List.of(Message.user("One?")),
                List.of(Message.user("One?"), Message.assistant("x"), Message.user("Two?")));
        assertThat(outputs).containsExactly(
                new RunOutput("colour", 1, "red", Map.of("response", "red")),
                new RunOutput("colour", 2, "green", Map.of("response", "green")),
                new RunOutput("pair", 1, "y", Map.of("one", "x", "two", "y")));
        assertThat(outputs.get(2).variables()).containsExactly(entry("one", "x"), entry("two", "y"));
        assertThat(response).isEqualTo("y");
        assertThat(variables).isEmpty();
    }

    @Test
    void aFailedCallKeepsEveryCallAndAnswerBeforeIt() {
        ScriptedModel model = new ScriptedModel("red", null);
        List<MultiRunItem> items = List.of(new MultiRunItem("colour", 3, List.of(PromptMessage.user("Name a colour.")), null));
        Question question = new Question("q", "label", null, List.of(), null, null, null, null, null, null, null, items, null);

        assertThatThrownBy(() -> answer(model, job(question, null, PromptConfig.EMPTY), PortCapabilities.DEFAULT))
                .isInstanceOf(ModelCallException.class);

        assertThat(calls).hasSize(2);
        assertThat(calls.get(1).error()).isEqualTo("boom");
        assertThat(outputs).containsExactly(new RunOutput("colour", 1, "red", Map.of("response", "red")));
    }

    @Test
    void aMidConversationFailureKeepsTheVariablesFilledSoFar() {
        ScriptedModel model = new ScriptedModel("7", null);

        assertThatThrownBy(() -> answer(model, job(prompt(TWO_VARIABLES, Map.of("max", "10")), null, PromptConfig.EMPTY),
                PortCapabilities.DEFAULT)).isInstanceOf(ModelCallException.class);

        assertThat(variables).containsExactly(entry("number", "7"));
        assertThat(calls).extracting("response").containsExactly("7", null);
    }

    @Test
    void aPromptFileThatWasNeverInlinedIsRefused() {
        Question question = new Question("q", "label", null, List.of(), null, null, null, null, null, null, "x.prompt", null, null);

        assertThatThrownBy(() -> answer(new ScriptedModel(), job(question, null, PromptConfig.EMPTY), PortCapabilities.DEFAULT))
                .hasMessageContaining("prompt_file \"x.prompt\" was not inlined");
    }
}
