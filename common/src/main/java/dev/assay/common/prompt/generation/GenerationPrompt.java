package dev.assay.common.prompt.generation;

import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.PromptParameters;
import dev.assay.common.benchmark.Question;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.AssembledText;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.rag.RagPrompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The conversation that asks the answering model a question (docs/prompts.md). The system text is
 * the model's own {@code system_prompt}, then the prompt's system messages, and the user text is the
 * question (its first user message for an LVE prompt); the {@link PromptAssembler} adds the
 * adapter's additions and the run's {@code generation} instructions to them like for every other
 * call (DESIGN §3). Few-shot examples come as user/assistant pairs before the question (or, with the
 * run's {@code few_shot.format: text}, inside the question's user message). When the
 * model takes no system prompt, the system text goes in front of the first user message.
 */
public final class GenerationPrompt {

    /** The variable of the answer to the last message when the prompt does not name one. */
    public static final String RESPONSE = "response";

    private GenerationPrompt() {
    }

    /** The messages that ask a plain question (text, few-shot, passages): what {@link #plain} sends. */
    public static List<Message> messages(VerificationJob job, PortCapabilities capabilities) {
        return opening(job, capabilities, List.of(), questionText(job));
    }

    /** A plain question's conversation: the question, answered once as {@code response}. */
    public static ConversationScript plain(VerificationJob job, PortCapabilities capabilities) {
        List<ConversationScript.Turn> turns = new ArrayList<>();
        messages(job, capabilities).forEach(message -> turns.add(ConversationScript.Turn.fixed(message)));
        turns.add(ConversationScript.Turn.toFill(RESPONSE));
        return new ConversationScript(turns);
    }

    /**
     * The conversation of an LVE prompt (a question's {@code prompt} or one multi-run item's):
     * placeholders filled, system messages gathered into the system text, every other message in
     * order, and a turn {@code response} for the model at the end unless the prompt ends with one.
     */
    public static ConversationScript conversation(VerificationJob job, PortCapabilities capabilities, List<PromptMessage> prompt) {
        Map<String, String> parameters = job.question().promptParameters();
        List<PromptMessage> filled = prompt.stream().map(message -> PromptParameters.fill(message, parameters)).toList();
        List<PromptMessage> system = filled.stream().filter(message -> message.role() == Role.SYSTEM).toList();
        List<PromptMessage> dialogue = filled.stream().filter(message -> message.role() != Role.SYSTEM).toList();
        if (dialogue.isEmpty() || dialogue.get(0).role() != Role.USER || dialogue.get(0).content() == null) {
            // validation rejects such prompts; a job published straight to Kafka may still carry one
            throw new IllegalArgumentException("the prompt's first message after its system messages must be a user message");
        }
        List<ConversationScript.Turn> turns = new ArrayList<>();
        opening(job, capabilities, system.stream().map(PromptMessage::content).toList(), dialogue.get(0).content())
                .forEach(message -> turns.add(ConversationScript.Turn.fixed(message)));
        for (PromptMessage message : dialogue.subList(1, dialogue.size())) {
            if (message.isToFill()) {
                turns.add(ConversationScript.Turn.toFill(message.variable()));
            } else if (message.role() == Role.ASSISTANT) {
                turns.add(ConversationScript.Turn.fixed(Message.assistant(message.content())));
            } else {
                turns.add(ConversationScript.Turn.fixed(Message.user(message.content())));
            }
        }
        if (!turns.get(turns.size() - 1).isToFill()) {
            turns.add(ConversationScript.Turn.toFill(RESPONSE));
        }
        return new ConversationScript(turns);
    }

    /**
     * The conversation up to and including the (first) question: [system], few-shot pairs, the
     * question; with the assembler's additions, and the system text merged into the first user
     * message when the model takes no system prompt.
     */
    private static List<Message> opening(VerificationJob job, PortCapabilities capabilities, List<String> promptSystem,
                                         String questionText) {
        PromptAssembler assembler = new PromptAssembler(PromptTask.GENERATION, job.answeringModel().interfaceName(), capabilities);
        String instructions = job.settings().promptConfig().instructionsFor(PromptTask.GENERATION).orElse(null);
        String systemText = job.answeringModel().systemPrompt();
        for (String part : promptSystem) {
            systemText = join(systemText, part);
        }
        List<FewShotExample> examples = job.question().fewShot();
        boolean asText = job.settings().fewShotAsText() && !examples.isEmpty();
        AssembledText text = assembler.assembleText(systemText, asText ? fewShotText(examples, questionText) : questionText,
                instructions, Map.of());
        List<Message> dialogue = new ArrayList<>();
        if (!asText) {
            for (FewShotExample example : examples) {
                dialogue.add(Message.user(example.question()));
                dialogue.add(Message.assistant(example.answer()));
            }
        }
        dialogue.add(Message.user(text.user()));
        if (!assembler.capabilities().supportsSystemPrompt()) {
            dialogue.set(0, Message.user(join(text.system(), dialogue.get(0).text())));
            return List.copyOf(dialogue);
        }
        List<Message> messages = new ArrayList<>();
        if (!text.system().isEmpty()) {
            messages.add(Message.system(text.system()));
        }
        messages.addAll(dialogue);
        return List.copyOf(messages);
    }

    /**
     * A plain question's user text: placeholders filled when the question has prompt parameters
     * (without them the text goes as written, braces and all), then the passages around it.
     */
    public static String questionText(VerificationJob job) {
        Question question = job.question();
        String text = question.promptParameters().isEmpty()
                ? question.question()
                : PromptParameters.fill(question.question(), question.promptParameters());
        return question.passages().isEmpty() ? text : RagPrompt.render(text, question.passages(), job.settings().rag());
    }

    /** Karenina's few-shot layout: each example as {@code Question: q / Answer: a} and a blank line, then the question. */
    private static String fewShotText(List<FewShotExample> examples, String questionText) {
        StringBuilder text = new StringBuilder();
        for (FewShotExample example : examples) {
            text.append("Question: ").append(example.question()).append("\nAnswer: ").append(example.answer()).append("\n\n");
        }
        return text.append("Question: ").append(questionText).append("\nAnswer:").toString();
    }

    /** {@code a + blank line + b}, a blank part adding nothing (as the assembler joins). */
    private static String join(String a, String b) {
        boolean hasA = a != null && !a.isBlank();
        boolean hasB = b != null && !b.isBlank();
        if (!hasB) {
            return hasA ? a : "";
        }
        return hasA ? a + "\n\n" + b : b;
    }
}
