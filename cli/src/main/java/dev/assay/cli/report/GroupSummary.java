package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The figures of one answering model × judge that the summary table and the HTML report show.
 *
 * <p>The server's figures win where it has them: the pass rate and its standard error come from
 * {@code /statistics} (question-weighted, with a clustered error under replicates), the trait
 * and nugget means from {@code /scores}. When a document was not fetched the same figures are
 * worked out from the results, so a report can be made from a results file alone. Failures,
 * tokens and cost are always counted from the results: the server does not aggregate them.
 *
 * @param passRate      template pass rate; null when no result has a template verdict
 * @param passRateError its standard error; null when unknown
 * @param errorMethod   how the error was computed ({@code question_clustered}, {@code binomial})
 * @param nuggets       the nugget recall means by name ({@code all_recall}, ...); empty without nuggets
 * @param failures      results per failure category
 * @param costUsd       summed cost; null when no result reports one
 */
public record GroupSummary(GroupKey key, int results, Double passRate, Double passRateError, String errorMethod,
                           List<TraitSummary> traits, Map<String, Double> nuggets, Map<String, Integer> failures,
                           long inputTokens, long outputTokens, long totalTokens, BigDecimal costUsd) {

    static final List<String> NUGGET_SCORES = List.of("strict_vital_recall", "strict_all_recall", "vital_recall", "all_recall");

    /**
     * One trait's aggregate.
     *
     * @param passRate  for kinds with a verdict; null otherwise
     * @param meanScore for kinds with a score; null otherwise
     */
    public record TraitSummary(String name, String kind, int scored, int errors, Double passRate, Double meanScore) {
    }

    /** One summary per group: the server's groups first in its order, then any only the results show. */
    public static List<GroupSummary> of(RunData data) {
        Map<GroupKey, List<JsonNode>> byGroup = Results.byGroup(data.results());
        Map<GroupKey, JsonNode> scoreGroups = serverGroups(data.scores());
        Map<GroupKey, JsonNode> statGroups = serverGroups(data.statistics());
        Set<GroupKey> keys = new LinkedHashSet<>(scoreGroups.keySet());
        keys.addAll(byGroup.keySet());
        List<GroupSummary> out = new ArrayList<>();
        for (GroupKey key : keys) {
            out.add(of(key, byGroup.getOrDefault(key, List.of()), scoreGroups.get(key), statGroups.get(key)));
        }
        return out;
    }

    private static Map<GroupKey, JsonNode> serverGroups(JsonNode document) {
        Map<GroupKey, JsonNode> groups = new LinkedHashMap<>();
        for (JsonNode group : Results.list(document, "groups")) {
            groups.put(GroupKey.of(group), group);
        }
        return groups;
    }

    private static GroupSummary of(GroupKey key, List<JsonNode> results, JsonNode scores, JsonNode statistics) {
        int count = scores != null && Results.whole(scores, "results") != null
                ? Results.whole(scores, "results").intValue() : results.size();

        Double passRate;
        Double error;
        String method;
        if (statistics != null) {
            passRate = Results.number(statistics, "pass_rate");
            error = Results.number(statistics, "pass_rate_standard_error");
            method = Results.text(statistics, "standard_error_method");
        } else {
            long passed = results.stream().filter(r -> "passed".equals(Results.text(r, "status"))).count();
            long failed = results.stream().filter(r -> "failed".equals(Results.text(r, "status"))).count();
            long verdicts = passed + failed;
            passRate = scores != null ? Results.number(scores, "template_pass_rate")
                    : verdicts == 0 ? null : (double) passed / verdicts;
            // Without /statistics there is no question clustering to lean on: the plain binomial
            // error is what the server itself falls back to for a run without replicates.
            error = passRate == null || verdicts == 0 ? null : Math.sqrt(passRate * (1 - passRate) / verdicts);
            method = error == null ? null : "binomial";
        }

        List<TraitSummary> traits = scores != null && Results.at(scores, "traits") != null
                ? serverTraits(scores) : traitsFrom(results);
        Map<String, Double> nuggets = scores != null && Results.at(scores, "nuggets") != null
                ? serverNuggets(scores) : nuggetsFrom(results);

        Map<String, Integer> failures = new LinkedHashMap<>();
        long input = 0;
        long output = 0;
        long total = 0;
        BigDecimal cost = null;
        for (JsonNode result : results) {
            String category = Results.text(result, "failure", "category");
            if (category != null) {
                failures.merge(category, 1, Integer::sum);
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
        return new GroupSummary(key, count, passRate, error, method, traits, nuggets, failures, input, output, total, cost);
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

    /** Means over the results whose nuggets were all labelled; an unscored one is never a zero (docs/nuggets.md). */
    private static Map<String, Double> nuggetsFrom(List<JsonNode> results) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String name : NUGGET_SCORES) {
            double sum = 0;
            int n = 0;
            for (JsonNode result : results) {
                Double value = Results.number(result, "nuggets", "scores", name);
                if (value != null) {
                    sum += value;
                    n++;
                }
            }
            if (n > 0) {
                out.put(name, sum / n);
            }
        }
        return out;
    }
}
