package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --min-pass-rate}: which answering model × judge groups fell below the threshold. Reads
 * {@code pass_rate} of /statistics (each question weighs the same across replicates) and falls back
 * to /scores' {@code template_pass_rate} for a group statistics has no figure for.
 */
final class PassRateGate {

    private PassRateGate() {
    }

    /** One line per group below {@code minimum}; empty when every group with a pass rate meets it. */
    static List<String> misses(JsonNode statistics, JsonNode scores, double minimum) {
        List<String> misses = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (JsonNode group : statistics.path("groups")) {
            check(group, group.path("pass_rate"), minimum, misses, seen);
        }
        for (JsonNode group : scores.path("groups")) {
            if (!seen.contains(key(group))) {
                check(group, group.path("template_pass_rate"), minimum, misses, seen);
            }
        }
        return misses;
    }

    private static void check(JsonNode group, JsonNode rate, double minimum, List<String> misses, List<String> seen) {
        if (!rate.isNumber()) {
            return; // no template verdict in this group: nothing to hold against the threshold
        }
        seen.add(key(group));
        if (rate.asDouble() < minimum) {
            misses.add(String.format(Locale.ROOT, "%s (judge %s): pass rate %.3f is below %.3f",
                    group.path("answering_model").asText(), group.path("judge").asText(), rate.asDouble(), minimum));
        }
    }

    private static String key(JsonNode group) {
        return group.path("answering_model").asText() + " " + group.path("judge").asText();
    }
}
