package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The figures of one answering model × judge that the summary table and the HTML report show.
 *
 * <p>The server's figures win where it has them: the pass rate, its standard error, its interval
 * and the replicate statistics come from {@code /statistics} (question-weighted, with a clustered
 * error under replicates), the counts and the trait and nugget means from {@code /scores}. When a
 * document was not fetched the same figures are worked out from the results, so a report can be
 * made from a results file alone. Failures, tokens and cost are always counted from the results:
 * the server does not aggregate them.
 *
 * @param results       every result of the group
 * @param passed        results whose template passed
 * @param scored        results with a template verdict (passed or failed): the pass rate's denominator
 * @param errors        results in error (status {@code error}): no verdict, and not in {@code scored}
 * @param passRate      template pass rate; null when no result has a template verdict
 * @param passRateError its standard error; null when unknown or from fewer than two verdicts
 * @param errorMethod   how the error was computed ({@code question_clustered}, {@code binomial})
 * @param interval      the pass rate's 95 % confidence interval; null without a verdict
 * @param passAtK       pass@k for k = 1 … the run's replicates; empty without /statistics
 * @param majorityVote  majority-vote accuracy; null without /statistics or without a verdict
 * @param nuggets       the nugget recall means by name ({@code all_recall}, ...); empty without nuggets
 * @param failures      results per failure category, in name order
 * @param costUsd       summed cost; null when no result reports one
 */
public record GroupSummary(GroupKey key, int results, int passed, int scored, int errors, Double passRate,
                           Double passRateError, String errorMethod, Interval interval, List<PassAtK> passAtK,
                           Double majorityVote, List<TraitSummary> traits, Map<String, Double> nuggets,
                           Map<String, Integer> failures, long inputTokens, long outputTokens, long totalTokens,
                           BigDecimal costUsd) {

    static final List<String> NUGGET_SCORES = List.of("strict_vital_recall", "strict_all_recall", "vital_recall", "all_recall");
    /** The failures cell's name for responses whose nuggets were evaluated but not all labelled. */
    static final String NUGGETS_UNSCORED = "nuggets_unscored";

    /** Whether the result's question has nuggets that could not all be labelled (no scores). */
    static boolean nuggetsUnscored(JsonNode result) {
        JsonNode nuggets = Results.at(result, "nuggets");
        return nuggets != null && nuggets.isObject() && Results.at(nuggets, "scores") == null;
    }

    /**
     * One trait's aggregate.
     *
     * @param passRate  for kinds with a verdict; null otherwise
     * @param meanScore for kinds with a score; null otherwise
     */
    public record TraitSummary(String name, String kind, int scored, int errors, Double passRate, Double meanScore) {
    }

    /**
     * A confidence interval of the pass rate.
     *
     * @param method     {@code wilson}
     * @param confidence its coverage, 0.95
     */
    public record Interval(String method, double confidence, double low, double high) {
    }

    /** pass@k: {@code questions} had at least k verdicts; {@code value} null when none had. */
    public record PassAtK(int k, int questions, Double value) {
    }

    /** One summary per group, by answering model then judge: the same order every run. */
    public static List<GroupSummary> of(RunData data) {
        Map<GroupKey, List<JsonNode>> byGroup = Results.byGroup(data.results());
        Map<GroupKey, JsonNode> scoreGroups = serverGroups(data.scores());
        Map<GroupKey, JsonNode> statGroups = serverGroups(data.statistics());
        Set<GroupKey> keys = new TreeSet<>(GroupKey.ORDER);
        keys.addAll(scoreGroups.keySet());
        keys.addAll(byGroup.keySet());
        List<GroupSummary> out = new ArrayList<>();
        for (GroupKey key : keys) {
            out.add(of(key, byGroup.getOrDefault(key, List.of()), scoreGroups.get(key), statGroups.get(key)));
        }
        return out;
    }

    /** The run's replicates as /statistics gives them; 1 without it. */
    public static int replicates(RunData data) {
        Long replicates = Results.whole(data.statistics(), "replicates");
        return replicates == null ? 1 : replicates.intValue();
    }

    private static Map<GroupKey, JsonNode> serverGroups(JsonNode document) {
        Map<GroupKey, JsonNode> groups = new LinkedHashMap<>();
        for (JsonNode group : Results.list(document, "groups")) {
            groups.put(GroupKey.of(group), group);
        }
        return groups;
    }

    private static GroupSummary of(GroupKey key, List<JsonNode> results, JsonNode scores, JsonNode statistics) {
        // the counts: /scores' by_status counts every stored result, as the results do
        int count;
        int passed;
        int failed;
        int errors;
        if (scores != null && Results.whole(scores, "results") != null) {
            count = Results.whole(scores, "results").intValue();
            passed = (int) orZero(Results.whole(scores, "by_status", "passed"));
            failed = (int) orZero(Results.whole(scores, "by_status", "failed"));
            errors = (int) orZero(Results.whole(scores, "by_status", "error"));
        } else {
            count = results.size();
            passed = countStatus(results, "passed");
            failed = countStatus(results, "failed");
            errors = countStatus(results, "error");
        }
        int scored = passed + failed;

        Double passRate;
        Double error;
        String method;
        Interval interval;
        if (statistics != null) {
            passRate = Results.number(statistics, "pass_rate");
            error = Results.number(statistics, "pass_rate_standard_error");
            method = Results.text(statistics, "standard_error_method");
            JsonNode served = Results.at(statistics, "pass_rate_interval");
            interval = served != null && Results.number(served, "low") != null && Results.number(served, "high") != null
                    ? new Interval(Results.text(served, "method"), orDefault(Results.number(served, "confidence"), Wilson.CONFIDENCE),
                            Results.number(served, "low"), Results.number(served, "high"))
                    // a server from before the interval: the same interval over the pooled verdicts
                    : passRate == null || scored == 0 ? null : Wilson.interval(passRate, scored);
        } else {
            passRate = scores != null && Results.number(scores, "template_pass_rate") != null
                    ? Results.number(scores, "template_pass_rate")
                    : scored == 0 ? null : (double) passed / scored;
            // Without /statistics there is no question clustering to lean on: the plain binomial error, as the
            // server falls back to for a run without replicates, and none from a single verdict
            error = passRate == null || scored < 2 ? null : Math.sqrt(passRate * (1 - passRate) / scored);
            method = error == null ? null : "binomial";
            interval = passRate == null || scored == 0 ? null : Wilson.interval(passRate, scored);
        }
        List<PassAtK> passAtK = new ArrayList<>();
        for (JsonNode k : Results.list(statistics, "pass_at_k")) {
            passAtK.add(new PassAtK((int) orZero(Results.whole(k, "k")), (int) orZero(Results.whole(k, "questions")),
                    Results.number(k, "value")));
        }
        Double majority = Results.number(statistics, "majority_vote_accuracy");

        List<TraitSummary> traits = scores != null && Results.at(scores, "traits") != null
                ? serverTraits(scores) : traitsFrom(results);
        Map<String, Double> nuggets = scores != null && Results.at(scores, "nuggets") != null
                ? serverNuggets(scores) : nuggetsFrom(results);

        // by name, not first seen: the same cell every run
        Map<String, Integer> failures = new TreeMap<>();
        long input = 0;
        long output = 0;
        long total = 0;
        BigDecimal cost = null;
        for (JsonNode result : results) {
            String category = Results.text(result, "failure", "category");
            if (category != null) {
                failures.merge(category, 1, Integer::sum);
            }
            if (nuggetsUnscored(result)) {
                // a response whose nuggets could not all be labelled: shown, not silently left out
                failures.merge(NUGGETS_UNSCORED, 1, Integer::sum);
            }
            JsonNode usage = Results.at(result, "usage", "total");
            input += orZero(Results.whole(usage, "input_tokens"));
            output += orZero(Results.whole(usage, "output_tokens"));
            total += orZero(Results.whole(usage, "total_tokens"));
            JsonNode costNode = Results.at(usage, "cost_usd");
            if (costNode != null && costNode.isNumber()) {
                cost = (cost == null ? BigDecimal.ZERO : cost).add(costNode.decimalValue());
            }
        }
        return new GroupSummary(key, count, passed, scored, errors, passRate, error, method, interval, List.copyOf(passAtK),
                majority, traits, nuggets, failures, input, output, total, cost);
    }

    private static int countStatus(List<JsonNode> results, String status) {
        return (int) results.stream().filter(r -> status.equals(Results.text(r, "status"))).count();
    }

    private static double orDefault(Double value, double fallback) {
        return value == null ? fallback : value;
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    private static List<TraitSummary> serverTraits(JsonNode scores) {
        List<TraitSummary> out = new ArrayList<>();
        for (JsonNode trait : Results.list(scores, "traits")) {
            out.add(new TraitSummary(Results.text(trait, "name"), Results.text(trait, "kind"),
                    (int) orZero(Results.whole(trait, "scored")), (int) orZero(Results.whole(trait, "errors")),
                    Results.number(trait, "pass_rate"), Results.number(trait, "mean_score")));
        }
        return out;
    }

    /** The same arithmetic as the server's /scores: pass rate over verdicts, mean over scores, errors apart. */
    private static List<TraitSummary> traitsFrom(List<JsonNode> results) {
        List<TraitSummary> out = new ArrayList<>();
        for (String name : Results.traitNames(results)) {
            String kind = null;
            int scored = 0;
            int errors = 0;
            int verdicts = 0;
            int passes = 0;
            int scores = 0;
            double sum = 0;
            for (JsonNode result : results) {
                JsonNode trait = Results.trait(result, name);
                if (trait == null) {
                    continue;
                }
                kind = kind == null ? Results.text(trait, "kind") : kind;
                if (Results.text(trait, "error") != null) {
                    errors++;
                    continue;
                }
                JsonNode passed = Results.at(trait, "passed");
                Double score = Results.number(trait, "score");
                if (passed != null) {
                    verdicts++;
                    passes += passed.asBoolean() ? 1 : 0;
                    scored++;
                } else if (score != null) {
                    scores++;
                    sum += score;
                    scored++;
                }
            }
            out.add(new TraitSummary(name, kind, scored, errors, verdicts == 0 ? null : (double) passes / verdicts,
                    scores == 0 ? null : sum / scores));
        }
        return out;
    }

    private static Map<String, Double> serverNuggets(JsonNode scores) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String name : NUGGET_SCORES) {
            Double value = Results.number(scores, "nuggets", name);
            if (value != null) {
                out.put(name, value);
            }
        }
        return out;
    }

    /**
     * The server's default means (castorini/nuggetizer's, docs/nuggets.md) from the results themselves:
     * over every result with nuggets, from its labels, an unlabelled nugget counting as not supported and
     * a question without vital nuggets as 0 in the vital means.
     */
    private static Map<String, Double> nuggetsFrom(List<JsonNode> results) {
        double[] sums = new double[4];
        int evaluated = 0;
        for (JsonNode result : results) {
            JsonNode outcome = Results.at(result, "nuggets");
            if (outcome == null || !outcome.isObject()) {
                continue;
            }
            evaluated++;
            int total = 0;
            int vital = 0;
            double support = 0;
            double partial = 0;
            double vitalSupport = 0;
            double vitalPartial = 0;
            for (JsonNode nugget : Results.list(outcome, "nuggets")) {
                boolean isVital = "vital".equals(Results.text(nugget, "importance"));
                String label = Results.text(nugget, "label");
                total++;
                vital += isVital ? 1 : 0;
                if ("support".equals(label)) {
                    support++;
                    vitalSupport += isVital ? 1 : 0;
                } else if ("partial_support".equals(label)) {
                    partial++;
                    vitalPartial += isVital ? 1 : 0;
                }
            }
            sums[0] += vital == 0 ? 0 : vitalSupport / vital;
            sums[1] += total == 0 ? 0 : support / total;
            sums[2] += vital == 0 ? 0 : (vitalSupport + 0.5 * vitalPartial) / vital;
            sums[3] += total == 0 ? 0 : (support + 0.5 * partial) / total;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        if (evaluated > 0) {
            for (int i = 0; i < NUGGET_SCORES.size(); i++) {
                out.put(NUGGET_SCORES.get(i), sums[i] / evaluated);
            }
        }
        return out;
    }
}
