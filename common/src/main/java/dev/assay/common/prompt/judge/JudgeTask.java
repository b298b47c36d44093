package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.prompt.PromptTask;

import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One judged task, whole: the prompt it sends for an input (system text, user text, answer schema)
 * and how its answer is read. Registered in {@link JudgeTasks}, where the stages and
 * {@code assay render} both find it, so a new judged kind is one new task and no CLI edit.
 *
 * @param <I> what the task judges (the question and response, plus what the task needs)
 * @param <A> what its answer is read into
 */
public interface JudgeTask<I, A> {

    /** The registry key: the prompt task's wire name, or a name of its own when a task has several prompts. */
    String name();

    PromptTask task();

    JudgePrompt prompt(I input);

    /**
     * The answer read into what the stage uses. A JSON answer arrives already valid against the
     * prompt's schema; a text answer arrives as a JSON string.
     */
    A read(I input, JsonNode answer);

    /**
     * This task's input for a question as {@code assay render} shows it.
     *
     * @throws IllegalArgumentException saying what the question lacks for this task
     * @throws UnsupportedOperationException when the task has no stand-alone rendering
     */
    I inputFor(JudgeSubject subject);

    /** Whether {@link #inputFor} can build an input (tasks asked from deep inside another step cannot). */
    default boolean renderable() {
        return true;
    }

    /** A task from its parts; {@code inputFor} null makes it not renderable. */
    static <I, A> JudgeTask<I, A> of(String name, PromptTask task, Function<I, JudgePrompt> prompt, BiFunction<I, JsonNode, A> read,
                                     Function<JudgeSubject, I> inputFor) {
        return new DefinedJudgeTask<>(name, task, prompt, read, inputFor);
    }

    /** A task named like its prompt task. */
    static <I, A> JudgeTask<I, A> of(PromptTask task, Function<I, JudgePrompt> prompt, BiFunction<I, JsonNode, A> read,
                                     Function<JudgeSubject, I> inputFor) {
        return of(task.wireValue(), task, prompt, read, inputFor);
    }
}
