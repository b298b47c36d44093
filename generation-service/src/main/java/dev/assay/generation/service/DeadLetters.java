package dev.assay.generation.service;

import dev.assay.generation.DeadLetter;
import dev.assay.generation.DeadLetterPage;
import dev.assay.generation.DeadLetterReplay;

import java.util.Optional;

/**
 * Lists, reads and replays the dead-letter topic: a replayed record goes back, unchanged, to the
 * topic it was dead-lettered from. The messaging layer implements it; the service knows no Kafka.
 */
public interface DeadLetters {

    /**
     * Re-publishes the dead-lettered records no earlier replay has passed (every record when
     * {@code fromBeginning}), those from {@code topic} only when it is given, and those that failed
     * again after an earlier replay only when {@code includeFailedReplays}; returns once the broker
     * acknowledged every one. Throws {@link DeadLetterReplayException} when the broker cannot be used.
     */
    DeadLetterReplay replay(Optional<String> topic, boolean fromBeginning, boolean includeFailedReplays);

    /** The newest {@code limit} dead letters (from {@code topic} only, when given), oldest first, without their whole values. */
    DeadLetterPage list(Optional<String> topic, int limit);

    /** The dead letter at {@code partition} and {@code offset} of the topic, whole; empty when there is none. */
    Optional<DeadLetter> find(int partition, long offset);
}
