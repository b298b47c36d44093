package dev.assay.importers.lve;

import java.util.List;

/** How an LVE test asks: one conversation ({@code prompt} / {@code prompt_file}) or a {@code multi_run_prompt}. */
sealed interface LvePrompt {

    record Conversation(List<LveMessage> messages) implements LvePrompt {
        public Conversation {
            messages = List.copyOf(messages);
        }
    }

    /** The items of a multi-run prompt, in order; LVE runs each once (it reads no repetition count when it runs them). */
    record MultiRun(List<Run> runs) implements LvePrompt {
        public MultiRun {
            runs = List.copyOf(runs);
        }
    }

    /**
     * @param repetitions what the item asks for ({@code repetition} or {@code repetitions}); reported, not used
     */
    record Run(String name, int repetitions, List<LveMessage> messages) {
        public Run {
            messages = List.copyOf(messages);
        }
    }
}
