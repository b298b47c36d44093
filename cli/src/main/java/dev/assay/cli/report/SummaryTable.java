package dev.assay.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The table {@code assay run} prints when a run ends: one row per answering model × judge.
 * Plain text with padded columns, no box-drawing or colour, so it reads the same in a CI log.
 */
public final class SummaryTable {

    private SummaryTable() {
    }

    public static String render(RunData data) {
        List<GroupSummary> groups = GroupSummary.of(data);
        List<String> traits = Results.traitNames(data.results());
        // A trait only the server's /scores lists (results not fetched) still gets its column.
        for (GroupSummary group : groups) {
            for (GroupSummary.TraitSummary trait : group.traits()) {
                if (!traits.contains(trait.name())) {
                    traits = new ArrayList<>(traits);
                    traits.add(trait.name());
                }
            }
        }
        boolean nuggets = groups.stream().anyMatch(g -> g.nuggets().containsKey("all_recall"));
        boolean cost = groups.stream().anyMatch(g -> g.costUsd() != null);

        List<String> header = new ArrayList<>(List.of("answering model", "judge", "results", "pass rate ± SE"));
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
        for (GroupSummary group : groups) {
            List<String> row = new ArrayList<>(List.of(group.key().answeringModel(), group.key().judge(),
                    String.valueOf(group.results()), Figures.passRate(group)));
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
        // names and the failure list are text, read left to right; the figures line up on their last digit
        Set<Integer> left = Set.of(0, 1, header.indexOf("failures"));
        return align(header, rows, left);
    }

    /** Pads every column to its widest cell; the columns in {@code left} left-aligned, the rest right-aligned. */
    static String align(List<String> header, List<List<String>> rows, Set<Integer> left) {
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
