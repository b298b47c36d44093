package dev.assay.generation.service;

import dev.assay.common.pipeline.ResultStatus;
import dev.assay.generation.NuggetMeans;
import dev.assay.generation.RunScores;
import dev.assay.generation.ScoreGroup;
import dev.assay.generation.TraitMean;
import dev.assay.generation.config.ScoresConfig;
import dev.assay.generation.repository.ScoreRepository;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Turns the score repository's rows into a run's {@link RunScores}. */
final class RunScoring {

    /** A group's key: answering model and judge, both null for the run as a whole. */
    private record Key(String model, String judge) {
        static final Key OVERALL = new Key(null, null);
    }

    private static final class Builder {
        final Key key;
        long results;
        final Map<String, Long> byStatus = new LinkedHashMap<>();
        final List<TraitMean> traits = new ArrayList<>();
        NuggetMeans nuggets;

        Builder(Key key) {
            this.key = key;
        }

        ScoreGroup build() {
            long passed = byStatus.getOrDefault(ResultStatus.PASSED.wireName(), 0L);
            long failed = byStatus.getOrDefault(ResultStatus.FAILED.wireName(), 0L);
            Double passRate = passed + failed == 0 ? null : (double) passed / (passed + failed);
            return new ScoreGroup(key.model(), key.judge(), results, byStatus, passRate, traits, nuggets);
        }
    }

    private RunScoring() {
    }

    static RunScores of(String runId, ScoreRepository repository, ScoresConfig.NuggetMeans nuggetMeans) {
        Map<Key, Builder> groups = new LinkedHashMap<>();
        groups.put(Key.OVERALL, new Builder(Key.OVERALL));
        for (Object[] row : repository.statusCounts(runId)) {
            Builder group = group(groups, row);
            long count = number(row[4]).longValue();
            group.byStatus.merge((String) row[3], count, Long::sum);
            group.results += count;
        }
        for (Object[] row : repository.traitMeans(runId)) {
            group(groups, row).traits.add(new TraitMean((String) row[3], (String) row[4], number(row[5]).longValue(),
                    number(row[6]).longValue(), decimal(row[7]), decimal(row[8])));
        }
        for (Object[] row : repository.nuggetMeans(runId)) {
            long evaluated = number(row[3]).longValue();
            long scored = number(row[4]).longValue();
            // nuggetizer's means are in columns 9-12, the labelled-only ones in 5-8 (ScoreRepository)
            int first = nuggetMeans == ScoresConfig.NuggetMeans.NUGGETIZER ? 9 : 5;
            group(groups, row).nuggets = new NuggetMeans(evaluated, scored, evaluated - scored, decimal(row[first]),
                    decimal(row[first + 1]), decimal(row[first + 2]), decimal(row[first + 3]));
        }
        ScoreGroup overall = groups.remove(Key.OVERALL).build();
        return new RunScores(runId, overall, groups.values().stream().map(Builder::build).toList());
    }

    private static Builder group(Map<Key, Builder> groups, Object[] row) {
        boolean wholeRun = number(row[2]).intValue() != 0;
        Key key = wholeRun ? Key.OVERALL : new Key((String) row[0], (String) row[1]);
        return groups.computeIfAbsent(key, Builder::new);
    }

    private static Number number(Object value) {
        return (Number) Objects.requireNonNull(value, "aggregate column");
    }

    private static Double decimal(Object value) {
        return value == null ? null : ((Number) value).doubleValue();
    }
}
