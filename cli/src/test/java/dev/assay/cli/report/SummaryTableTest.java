package dev.assay.cli.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryTableTest {

    @Test
    void oneAlignedRowPerModelAndJudge() {
        String table = Reports.summaryTable(ReportFixtures.run());
        List<String> lines = table.lines().toList();

        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).startsWith("answering model")
                .contains("judge", "results", "pass rate ± SE", "concise", "depth", "nugget all_recall", "failures", "tokens", "cost");
        assertThat(lines.get(1)).matches("-+");
        assertThat(lines.get(2)).startsWith("openai:gpt-4o ")
                .contains("50.0% ± 35.4%", "50.0%", "3.00", "0.50", "120", "$0.0022");
        assertThat(lines.get(3)).startsWith("openai:gpt-4o-mini")
                .contains("retry 1, abstained 1", "15");
        // aligned: every column starts where its header does
        int judge = lines.get(0).indexOf("judge");
        assertThat(lines.get(2).indexOf("openai:judge-1")).isEqualTo(judge);
        assertThat(lines.get(3).indexOf("openai:judge-1")).isEqualTo(judge);
        // right-aligned figures end where their header ends
        int tokensEnd = lines.get(0).indexOf("tokens") + "tokens".length();
        assertThat(lines.get(2).substring(0, tokensEnd)).endsWith("120");
        assertThat(lines.get(3).substring(0, tokensEnd)).endsWith("15");
        // the failure list is text: left-aligned under its header
        assertThat(lines.get(3).indexOf("retry 1")).isEqualTo(lines.get(0).indexOf("failures"));
    }

    @Test
    void withoutScoresOrStatisticsTheFiguresComeFromTheResults() {
        RunData resultsOnly = new RunData("run-x", ReportFixtures.run().results(), null, null);

        String table = Reports.summaryTable(resultsOnly);

        // binomial error over the two verdicts: sqrt(0.5 * 0.5 / 2)
        assertThat(table).contains("50.0% ± 35.4%", "3.00", "0.50", "retry 1, abstained 1");
    }

    @Test
    void costColumnOnlyWhenACostIsReported() {
        RunData noCost = new RunData("run-y", List.of(ReportFixtures.error(), ReportFixtures.abstained()), null, null);

        String table = Reports.summaryTable(noCost);

        assertThat(table).doesNotContain("cost").doesNotContain("nugget");
        assertThat(table.lines().skip(2).findFirst().orElseThrow()).contains("openai:gpt-4o-mini", "-");
    }
}
