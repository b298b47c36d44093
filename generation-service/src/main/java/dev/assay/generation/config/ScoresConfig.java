package dev.assay.generation.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How a run's scores are summed up ({@code assay.scores.*}). */
@ConfigMapping(prefix = "assay.scores")
public interface ScoresConfig {

    /** Which results the run-level nugget means are taken over (docs/nuggets.md, "Run-level means"). */
    enum NuggetMeans {
        /**
         * castorini/nuggetizer's definitions: every result with nuggets counts; a nugget without a label
         * (its window failed) counts as not supported, and a question with no vital nugget counts 0 in
         * the two vital means.
         */
        NUGGETIZER,
        /**
         * Only fully labelled results count (their own four figures), and the vital means only over
         * questions that have a vital nugget: no figure is made of a missing label.
         */
        LABELLED_ONLY
    }

    /** {@code nuggetizer} (default) or {@code labelled-only}. */
    @WithDefault("nuggetizer")
    NuggetMeans nuggetMeans();
}
