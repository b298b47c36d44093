package dev.assay.stage.generation;

import dev.assay.common.prompt.generation.ConversationScript;

import dev.assay.common.message.Message;
import dev.assay.core.llm.Completion;
import dev.assay.core.llm.ModelCallException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Holds one conversation (docs/prompts.md, multi-variable prompts): walks the script, and at each
 * turn the model fills sends everything before it, puts the answer in as that assistant turn and
 * goes on. Each answer is kept under its turn's variable, in order; the last one is the response.
 */
final class ConversationLoop {

    private final ModelTurn model;

    ConversationLoop(ModelTurn model) {
        this.model = model;
    }

    /**
     * Runs {@code script}, putting each filled variable into {@code variables} as soon as it is
     * answered, so a failure later on leaves the earlier answers for the record.
     *
     * @return the last answer
     * @throws ModelCallException when a call fails; its attempts are recorded by the model's session
     */
    String run(ConversationScript script, Map<String, String> variables) {
        return run(script, variables, false, null);
    }

    /**
     * Like {@link #run(ConversationScript, Map)}, each turn a sample of its own for the response cache
     * (docs/cache.md): {@code turn <variable>}, after {@code conversation} when that is given (a
     * multi-run prompt's repetition).
     */
    String runSampled(ConversationScript script, Map<String, String> variables, String conversation) {
        return run(script, variables, true, conversation);
    }

    private String run(ConversationScript script, Map<String, String> variables, boolean sampled, String conversation) {
        List<Message> sent = new ArrayList<>();
        String answer = "";
        for (ConversationScript.Turn turn : script.turns()) {
            if (!turn.isToFill()) {
                sent.add(turn.message());
                continue;
            }
            String sample = !sampled ? null
                    : (conversation == null ? "" : conversation + "/") + "turn " + turn.variable();
            Completion completion = model.complete(List.copyOf(sent), sample);
            answer = completion.content();
            variables.put(turn.variable(), answer);
            sent.addAll(model.said(completion));
        }
        return answer;
    }
}
