package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.prompt.PromptTask;

import java.util.function.BiFunction;
import java.util.function.Function;

/** A {@link JudgeTask} put together from functions ({@link JudgeTask#of}). */
record DefinedJudgeTask<I, A>(String name, PromptTask task, Function<I, JudgePrompt> promptOf, BiFunction<I, JsonNode, A> reader,
                              Function<JudgeSubject, I> inputOf) implements JudgeTask<I, A> {

    DefinedJudgeTask {
        if (name == null || name.isBlank() || task == null || promptOf == null || reader == null) {
            throw new IllegalArgumentException("judge task: name, task, prompt and reader are required");
        }
    }

    @Override
    public JudgePrompt prompt(I input) {
        return promptOf.apply(input);
    }

    @Override
    public A read(I input, JsonNode answer) {
        return reader.apply(input, answer);
    }

    @Override
    public I inputFor(JudgeSubject subject) {
        if (inputOf == null) {
            throw new UnsupportedOperationException(name + " is asked during another step and cannot be rendered on its own");
        }
        return inputOf.apply(subject);
    }

    @Override
    public boolean renderable() {
        return inputOf != null;
    }
}
