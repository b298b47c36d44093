package dev.assay.common.prompt.generation;

import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.Question;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.run.ModelConfig;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class GenerationPromptTest {

    private static VerificationJob job(String systemPrompt, PromptConfig prompts) {
        ModelConfig model = new ModelConfig(null, "openai", "m", null, null, null, null, null, null, null, systemPrompt);
        return VerificationJob.create("run", new Question("q1", "Why is the sky blue?", null, List.of(), null, null), model,
                List.of(), 1, new JobSettings(null, false, prompts), null, Instant.EPOCH);
    }

    @Test
    void theSystemPromptComesFirstThenTheRunsGenerationInstructions() {
        List<Message> messages = GenerationPrompt.messages(
                job("You are a physicist.", PromptConfig.fromMap(Map.of("generation", "Two sentences at most.", "parsing", "not this"))),
                PortCapabilities.DEFAULT);

        assertThat(messages).containsExactly(
                Message.system("You are a physicist.\n\nTwo sentences at most."),
                Message.user("Why is the sky blue?"));
    }

    @Test
    void fewShotExamplesAreChatTurnsOrKareninasOneQuestionAnswerText() {
        Question question = new Question("q1", "Capital of Peru?", null, List.of(), null, null)
                .withFewShot(List.of(new FewShotExample(null, "Capital of France?", "Paris"),
                        new FewShotExample(null, "Capital of Japan?", "Tokyo")));
        ModelConfig model = new ModelConfig(null, "openai", "m", null, null, null, null, null, null, null, "Be exact.");
        VerificationJob turns = VerificationJob.create("run", question, model, List.of(), 1,
                new JobSettings(null, false, false, PromptConfig.EMPTY), null, Instant.EPOCH);
        VerificationJob text = VerificationJob.create("run", question, model, List.of(), 1,
                new JobSettings(null, false, false, PromptConfig.EMPTY, null, null, null, "text"), null, Instant.EPOCH);

        assertThat(GenerationPrompt.messages(turns, PortCapabilities.DEFAULT)).containsExactly(
                Message.system("Be exact."),
                Message.user("Capital of France?"), Message.assistant("Paris"),
                Message.user("Capital of Japan?"), Message.assistant("Tokyo"),
                Message.user("Capital of Peru?"));
        assertThat(GenerationPrompt.messages(text, PortCapabilities.DEFAULT)).containsExactly(
                Message.system("Be exact."),
                Message.user("Question: Capital of France?\nAnswer: Paris\n\nQuestion: Capital of Japan?\nAnswer: Tokyo\n\n"
                        + "Question: Capital of Peru?\nAnswer:"));
        // without examples the question goes as it is, in either format
        VerificationJob none = VerificationJob.create("run", question.withFewShot(List.of()), model, List.of(), 1,
                new JobSettings(null, false, false, PromptConfig.EMPTY, null, null, null, "text"), null, Instant.EPOCH);
        assertThat(GenerationPrompt.messages(none, PortCapabilities.DEFAULT))
                .containsExactly(Message.system("Be exact."), Message.user("Capital of Peru?"));
    }

    @Test
    void instructionsAloneMakeTheSystemMessage() {
        List<Message> messages = GenerationPrompt.messages(job(null, PromptConfig.fromMap(Map.of("generation", "Be brief."))),
                PortCapabilities.DEFAULT);

        assertThat(messages).containsExactly(Message.system("Be brief."), Message.user("Why is the sky blue?"));
    }

    @Test
    void withNeitherOnlyTheQuestionIsSent() {
        assertThat(GenerationPrompt.messages(job(null, PromptConfig.EMPTY), PortCapabilities.DEFAULT))
                .containsExactly(Message.user("Why is the sky blue?"));
    }

    @Test
    void aModelWithoutSystemPromptsGetsOneUserMessage() {
        List<Message> messages = GenerationPrompt.messages(job("You are a physicist.", PromptConfig.EMPTY),
                new PortCapabilities(false, false));

        assertThat(messages).containsExactly(Message.user("You are a physicist.\n\nWhy is the sky blue?"));
    }

    @Test
    void aPlainQuestionIsFilledOnlyWhenItHasParameters() {
        ModelConfig model = new ModelConfig(null, "openai", "m", null, null, null, null, null, null, null, null);
        Question filled = new Question("q", "What is {a} + {b}? Reply as {{\"sum\": n}}.", null, List.of(), null, null, null, null,
                Map.of("a", "2", "b", "3"), null, null, null, null);
        Question verbatim = new Question("q", "What does {x} do in {{format}}?", null, List.of(), null, null);

        assertThat(GenerationPrompt.messages(VerificationJob.create("run", filled, model, List.of(), 1,
                new JobSettings(null, false, PromptConfig.EMPTY), null, Instant.EPOCH), PortCapabilities.DEFAULT))
                .containsExactly(Message.user("What is 2 + 3? Reply as {\"sum\": n}."));
        assertThat(GenerationPrompt.messages(VerificationJob.create("run", verbatim, model, List.of(), 1,
                new JobSettings(null, false, PromptConfig.EMPTY), null, Instant.EPOCH), PortCapabilities.DEFAULT))
                .containsExactly(Message.user("What does {x} do in {{format}}?"));
    }
}
