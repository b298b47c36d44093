package dev.assay.generation.service;

import dev.assay.generation.DeadLetterReplay;

import java.util.Optional;

/**
 * Replays the dead-letter topic: each record goes back, unchanged, to the topic it was
 * dead-lettered from. The messaging layer implements it; the service knows no Kafka.
 */
public interface DeadLetters {

    /**
     * Re-publishes the dead-lettered records no earlier replay has passed (every record when
     * {@code fromBeginning}), those from {@code topic} only when it is given; returns once the broker
     * acknowledged every one. Throws {@link DeadLetterReplayException} when the broker cannot be used.
     */
    DeadLetterReplay replay(Optional<String> topic, boolean fromBeginning);
}
