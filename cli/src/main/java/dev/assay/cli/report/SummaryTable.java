package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What {@code assay run} and {@code assay watch} print when a run ends: one row per answering
 * model × judge, by model then judge, trait columns by name, so the layout is the same every run;
 * then the questions that did not pass, and those whose nuggets were not all labelled, named. Plain
 * text with padded columns, no box-drawing or colour, so it reads the same in a CI log.
 */
public final class SummaryTable {

    /** Question ids named per status and group before "and N more". */
    static final int QUESTIONS_NAMED = 10;
    /** A failure reason is cut to this many characters. */
    static final int REASON_LENGTH = 120;
    /** The statuses that are not a pass, in the order they are listed. */
    private static final List<String> NOT_PASSED = List.of("failed", "error", "abstained", "insufficient");

    private SummaryTable() {
    }

    public static String render(RunData data) {
        return render(data, Grouping.MODEL);
    }

    /**
     * The table grouped as asked. By tag, each tag's rows are worked out from its results alone (the
     * server's /scores and /statistics are per model × judge only): a pooled pass rate over the verdicts
     * and a Wilson interval, as for a report made from a results file.
     */
    public static String render(RunData data, Grouping grouping) {
        // tag (null when grouped by model alone) → its model × judge groups
        Map<String, List<GroupSummary>> sections = new LinkedHashMap<>();
        if (grouping == Grouping.TAG) {
            Results.byTag(data.results()).forEach((tag, results) ->
                    sections.put(tag, GroupSummary.of(new RunData(data.runId(), results, null, null))));
        } else {
            sections.put(null, GroupSummary.of(data));
        }
        List<GroupSummary> groups = sections.values().stream().flatMap(List::stream).toList();
        boolean byTag = grouping == Grouping.TAG;
        // A trait only the server's /scores lists (results not fetched) still gets its column.
        Set<String> traitNames = new TreeSet<>(Results.traitNames(data.results()));
        groups.forEach(group -> group.traits().forEach(trait -> traitNames.add(trait.name())));
        List<String> traits = List.copyOf(traitNames);
        boolean nuggets = groups.stream().anyMatch(g -> g.nuggets().containsKey("all_recall"));
        boolean cost = groups.stream().anyMatch(g -> g.costUsd() != null);
        int replicates = GroupSummary.replicates(data);
        boolean replicated = replicates > 1 && groups.stream().anyMatch(g -> !g.passAtK().isEmpty());

        List<String> header = new ArrayList<>();
        if (byTag) {
            header.add("tag");
        }
        header.addAll(List.of("answering model", "judge", "passed / scored of results", "errors",
                "pass rate", Figures.intervalLabel(groups.stream().map(GroupSummary::interval)
                        .filter(Objects::nonNull).findFirst().orElse(null))));
        if (replicated) {
            header.add("pass@" + replicates);
            header.add("majority vote");
        }
        traits.forEach(header::add);
        if (nuggets) {
            header.add("nugget all_recall");
        }
        header.add("failures");
        header.add("tokens");
        if (cost) {
            header.add("cost");
        }

        List<List<String>> rows = new ArrayList<>();
        sections.forEach((tag, section) -> {
            for (GroupSummary group : section) {
                List<String> row = new ArrayList<>();
                if (byTag) {
                    row.add(tag);
                }
                row.addAll(List.of(String.valueOf(group.key().answeringModel()),
                        String.valueOf(group.key().judge()), Figures.counts(group), String.valueOf(group.errors()),
                        Figures.percent(group.passRate()), Figures.interval(group.interval())));
                if (replicated) {
                    row.add(Figures.passAtK(group, replicates));
                    row.add(Figures.percent(group.majorityVote()));
                }
                for (String name : traits) {
                    row.add(Figures.trait(group.traits().stream().filter(t -> name.equals(t.name())).findFirst().orElse(null)));
                }
                if (nuggets) {
                    row.add(Figures.decimal(group.nuggets().get("all_recall")));
                }
                row.add(Figures.failures(group.failures()));
                row.add(String.valueOf(group.totalTokens()));
                if (cost) {
                    row.add(Figures.cost(group.costUsd()));
                }
                rows.add(row);
            }
        });
        // names and the failure list are text, read left to right; the figures line up on their last digit
        Set<Integer> left = byTag ? Set.of(0, 1, 2, header.indexOf("failures")) : Set.of(0, 1, header.indexOf("failures"));
        return align(header, rows, left) + notPassed(data.results()) + cacheLine(data.results());
    }

    /** How many of the run's model calls the response cache answered, and what that saved (docs/cache.md); nothing when none. */
    static String cacheLine(List<JsonNode> results) {
        String sentence = CacheSavings.of(results).sentence();
        return sentence.isEmpty() ? "" : "\n" + sentence + " (--no-cache or cache: off calls every model)\n";
    }

    /**
     * The questions that did not pass, per group and status, by question id: "failed: de, fr ×2",
     * errors with their short reason. At most {@link #QUESTIONS_NAMED} per line, then "and N more".
     */
    static String notPassed(List<JsonNode> results) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<GroupKey, List<JsonNode>> group : Results.byGroup(results).entrySet()) {
            List<String> lines = new ArrayList<>();
            for (String status : NOT_PASSED) {
                // question id → its results with this status, by replicate
                Map<String, List<JsonNode>> questions = new TreeMap<>();
                for (JsonNode result : group.getValue()) {
                    if (status.equals(Results.text(result, "status"))) {
                        questions.computeIfAbsent(String.valueOf(Results.text(result, "question_id")), k -> new ArrayList<>())
                                .add(result);
                    }
                }
                if (questions.isEmpty()) {
                    continue;
                }
                List<String> named = new ArrayList<>();
                for (Map.Entry<String, List<JsonNode>> question : questions.entrySet()) {
                    if (named.size() == QUESTIONS_NAMED) {
                        break;
                    }
                    int times = question.getValue().size();
                    String reason = "error".equals(status) ? reason(question.getValue()) : null;
                    named.add(question.getKey() + (times > 1 ? " ×" + times : "") + (reason == null ? "" : " (" + reason + ")"));
                }
                String more = questions.size() > named.size() ? ", and " + (questions.size() - named.size()) + " more" : "";
                lines.add("  " + status + ": " + String.join(", ", named) + more);
            }
            if (!lines.isEmpty()) {
                out.append('\n').append(group.getKey()).append(" did not pass:\n");
                lines.forEach(line -> out.append(line).append('\n'));
            }
            // questions whose nuggets could not all be labelled count in the nugget means (docs/nuggets.md): name them
            Map<String, Integer> unscored = new TreeMap<>();
            group.getValue().stream().filter(GroupSummary::nuggetsUnscored)
                    .forEach(result -> unscored.merge(String.valueOf(Results.text(result, "question_id")), 1, Integer::sum));
            if (!unscored.isEmpty()) {
                List<String> named = unscored.entrySet().stream().limit(QUESTIONS_NAMED)
                        .map(q -> q.getKey() + (q.getValue() > 1 ? " ×" + q.getValue() : "")).toList();
                String more = unscored.size() > named.size() ? ", and " + (unscored.size() - named.size()) + " more" : "";
                out.append('\n').append(group.getKey()).append(" nuggets not scored in full (a judge window failed):\n  ")
                        .append(String.join(", ", named)).append(more).append('\n');
            }
        }
        return out.toString();
    }

    /** "retry, generation: 429 Too Many Requests" of the first of a question's errors, on one line and short. */
    private static String reason(List<JsonNode> errors) {
        JsonNode failure = errors.stream()
                .sorted(Comparator.comparing((JsonNode r) -> Results.whole(r, "replicate"), Comparator.nullsLast(Comparator.naturalOrder())))
                .map(r -> Results.at(r, "failure")).filter(Objects::nonNull).findFirst().orElse(null);
        if (failure == null) {
            return null;
        }
        String text = String.join(", ", Stream.of(Results.text(failure, "category"), Results.text(failure, "stage"))
                .filter(Objects::nonNull).toList());
        String why = Results.text(failure, "reason");
        if (why != null) {
            // one line, no control characters: a terminal must not be steered by what a model or server wrote
            why = why.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
            text = text.isEmpty() ? why : text + ": " + why;
        }
        return text.length() > REASON_LENGTH ? text.substring(0, REASON_LENGTH - 1) + "…" : text;
    }

    /** Pads every column to its widest cell; the columns in {@code left} left-aligned, the rest right-aligned. */
    public static String align(List<String> header, List<List<String>> rows, Set<Integer> left) {
        int[] widths = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < all.size(); r++) {
            List<String> row = all.get(r);
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) {
                    line.append("  ");
                }
                String cell = row.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                line.append(left.contains(i) ? cell + pad : pad + cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (r == 0) {
                int total = 0;
                for (int w : widths) {
                    total += w;
                }
                out.append("-".repeat(total + 2 * (widths.length - 1))).append('\n');
            }
        }
        return out.toString();
    }
}
