package dev.assay.stage.rubric.nugget;

import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.nugget.SupportLabel;
import dev.assay.common.pipeline.NuggetJudgement;
import dev.assay.common.pipeline.NuggetScores;

import java.util.List;

/**
 * The recall figures of a labelled response (docs/nuggets.md): the share of nuggets the response
 * supports, over the vital nuggets and over all of them; the strict figures count only
 * {@code support}, the others give {@code partial_support} half credit.
 */
public final class NuggetScoring {

    private static final double PARTIAL_CREDIT = 0.5;

    private NuggetScoring() {
    }

    /**
     * The scores, or null when any nugget has no label: a recall over the nuggets that happened to
     * be read would pass off a partial judgement as a whole one.
     */
    public static NuggetScores score(List<NuggetJudgement> judgements) {
        if (judgements.isEmpty() || judgements.stream().anyMatch(judgement -> judgement.label() == null)) {
            return null;
        }
        List<NuggetJudgement> vital = judgements.stream()
                .filter(judgement -> judgement.importance() == NuggetImportance.VITAL).toList();
        return new NuggetScores(strict(vital), strict(judgements), withPartialCredit(vital), withPartialCredit(judgements));
    }

    /** Null for no nuggets: a recall over nothing is not 0 or 1, it is not there. */
    private static Double strict(List<NuggetJudgement> nuggets) {
        return nuggets.isEmpty() ? null : count(nuggets, SupportLabel.SUPPORT) / nuggets.size();
    }

    private static Double withPartialCredit(List<NuggetJudgement> nuggets) {
        return nuggets.isEmpty() ? null
                : (count(nuggets, SupportLabel.SUPPORT) + PARTIAL_CREDIT * count(nuggets, SupportLabel.PARTIAL_SUPPORT)) / nuggets.size();
    }

    private static double count(List<NuggetJudgement> nuggets, SupportLabel label) {
        return nuggets.stream().filter(judgement -> judgement.label() == label).count();
    }
}
