package dev.assay.stage.generation;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A fake answering model: answers from a script in order (null: the call fails) and keeps what it was sent. */
final class ScriptedModel implements ModelTurn {

    private final Deque<String> answers = new ArrayDeque<>();
    private final List<List<Message>> received = new ArrayList<>();

    ScriptedModel(String... answers) {
        for (String answer : answers) {
            this.answers.add(answer == null ? FAIL : answer);
        }
    }

    private static final String FAIL = "\u0000fail";

    @Override
    public Completion complete(List<Message> messages) {
        received.add(messages);
        String answer = answers.isEmpty() ? "unscripted" : answers.poll();
        if (FAIL.equals(answer)) {
            RecordedCall call = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, "fake:m", messages, null,
                    UsageMetadata.EMPTY, 1, "boom");
            throw new ModelCallException(PortExecutionException.permanent("boom"), List.of(call));
        }
        RecordedCall call = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, "fake:m", messages, answer,
                UsageMetadata.of("m", 10, 1), 1, null);
        return new Completion(answer, UsageMetadata.of("m", 10, 1), List.of(call));
    }

    List<List<Message>> received() {
        return received;
    }
}
