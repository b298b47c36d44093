package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryTableTest {

    @Test
    void oneAlignedRowPerModelAndJudge() {
        String table = Reports.summaryTable(ReportFixtures.run());
        List<String> lines = table.lines().toList();

        assertThat(lines.get(0)).startsWith("answering model")
                .contains("judge", "passed / scored of results", "errors", "pass rate", "95% CI", "concise", "depth",
                        "nugget all_recall", "failures", "tokens", "cost");
        assertThat(lines.get(1)).matches("-+");
        // 1 of its 2 verdicts passed; Wilson at n = 2 as /statistics serves it
        assertThat(lines.get(2)).startsWith("openai:gpt-4o ")
                .contains("1 / 2 of 2", "50.0%", "9.5%–90.5%", "3.00", "0.50", "120", "$0.0022")
                .doesNotContain("±");
        // no verdict: 0 of 0 scored of its 2 results, the error counted apart
        assertThat(lines.get(3)).startsWith("openai:gpt-4o-mini")
                .contains("0 / 0 of 2", "abstained 1, retry 1", "15");
        // aligned: every column starts where its header does
        int judge = lines.get(0).indexOf("judge");
        assertThat(lines.get(2).indexOf("openai:judge-1")).isEqualTo(judge);
        assertThat(lines.get(3).indexOf("openai:judge-1")).isEqualTo(judge);
        // right-aligned figures end where their header ends
        int tokensEnd = lines.get(0).indexOf("tokens") + "tokens".length();
        assertThat(lines.get(2).substring(0, tokensEnd)).endsWith("120");
        assertThat(lines.get(3).substring(0, tokensEnd)).endsWith("15");
        int errorsEnd = lines.get(0).indexOf("errors") + "errors".length();
        assertThat(lines.get(3).substring(0, errorsEnd)).endsWith("1");
        // the failure list is text: left-aligned under its header
        assertThat(lines.get(3).indexOf("abstained 1")).isEqualTo(lines.get(0).indexOf("failures"));
    }

    @Test
    void groupedByTagAQuestionCountsUnderEachOfItsTags() {
        // the shape an LVE import gives: its tags as the question's keywords, carried by each result
        List<JsonNode> results = List.of(
                ReportFixtures.json("""
                        {"question_id":"leak-1","keywords":["severity:high","jailbreak:yes"],"answering_model":"m","judge":"j",
                         "replicate":1,"status":"failed","template":{"passed":false,"score":0.0}}"""),
                ReportFixtures.json("""
                        {"question_id":"leak-2","keywords":["severity:high"],"answering_model":"m","judge":"j",
                         "replicate":1,"status":"passed","template":{"passed":true,"score":1.0}}"""),
                ReportFixtures.json("""
                        {"question_id":"sum-1","answering_model":"m","judge":"j","replicate":1,"status":"passed",
                         "template":{"passed":true,"score":1.0}}"""));
        RunData data = new RunData("run-t", results, null, null);

        List<String> lines = Reports.summaryTable(data, Grouping.TAG).lines().toList();

        assertThat(lines.get(0)).startsWith("tag ").contains("answering model", "judge", "passed / scored of results");
        assertThat(lines.get(2)).startsWith("jailbreak:yes ").contains("0 / 1 of 1", "0.0%");
        assertThat(lines.get(3)).startsWith("severity:high ").contains("1 / 2 of 2", "50.0%");
        // untagged questions are shown too, last
        assertThat(lines.get(4)).startsWith("(no tag) ").contains("1 / 1 of 1", "100.0%");
        assertThat(lines.get(2).indexOf(" m ")).isEqualTo(lines.get(3).indexOf(" m "));
        // grouped by model, the default, the tags change nothing
        assertThat(Reports.summaryTable(data, Grouping.MODEL)).isEqualTo(Reports.summaryTable(data))
                .doesNotContain("severity:high");
    }

    @Test
    void theQuestionsThatDidNotPassAreNamedUnderTheTable() {
        String table = Reports.summaryTable(ReportFixtures.run());

        assertThat(table).contains("""

                openai:gpt-4o / openai:judge-1 did not pass:
                  failed: de

                openai:gpt-4o-mini / openai:judge-1 did not pass:
                  error: fr (retry, generation: 429 <rate limit> & retries ran out)
                  abstained: de
                """);
    }

    @Test
    void theListOfQuestionsIsBoundedAndCountsReplicates() {
        List<JsonNode> results = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            results.add(result(String.format("q%02d", i), 1, "failed"));
        }
        results.add(result("q00", 2, "failed"));
        String reason = "x".repeat(200) + "\nsecond line";
        results.add(ReportFixtures.json("""
                {"question_id":"boom","answering_model":"m","judge":"j","replicate":1,"status":"error",
                 "failure":{"category":"system","stage":"parsing","reason":"%s"}}""".formatted(reason.replace("\n", "\\n"))));

        String table = Reports.summaryTable(new RunData("run-x", results, null, null));

        assertThat(table).contains("  failed: q00 ×2, q01, q02, q03, q04, q05, q06, q07, q08, q09, and 5 more\n");
        String errorLine = table.lines().filter(line -> line.startsWith("  error: ")).findFirst().orElseThrow();
        assertThat(errorLine).startsWith("  error: boom (system, parsing: xxx").endsWith("…)").doesNotContain("second line");
        assertThat(errorLine.length()).isLessThan(140);
    }

    @Test
    void theLayoutDoesNotDependOnTheOrderResultsArriveIn() {
        // results are stored in the order the stages finish them, which differs between runs
        JsonNode depthOnly = ReportFixtures.json("""
                {"question_id":"a","answering_model":"m2","judge":"j","replicate":1,"status":"passed",
                 "rubric":[{"name":"depth","kind":"score","score":3.0}]}""");
        JsonNode conciseOnly = ReportFixtures.json("""
                {"question_id":"b","answering_model":"m1","judge":"j","replicate":1,"status":"failed",
                 "rubric":[{"name":"concise","kind":"boolean","passed":true}],
                 "failure":{"category":"retry","stage":"rubric","reason":"r"}}""");
        JsonNode abstained = ReportFixtures.json("""
                {"question_id":"c","answering_model":"m1","judge":"j","replicate":1,"status":"abstained",
                 "failure":{"category":"abstained","stage":"parsing","reason":"r"}}""");

        String one = Reports.summaryTable(new RunData("run-x", List.of(depthOnly, conciseOnly, abstained), null, null));
        String other = Reports.summaryTable(new RunData("run-x", List.of(abstained, conciseOnly, depthOnly), null, null));

        assertThat(one).isEqualTo(other);
        List<String> lines = one.lines().toList();
        // traits by name, groups by model then judge, failure categories by name
        assertThat(lines.get(0).indexOf("concise")).isLessThan(lines.get(0).indexOf("depth"));
        assertThat(lines.get(2)).startsWith("m1 ").contains("abstained 1, retry 1");
        assertThat(lines.get(3)).startsWith("m2 ");
    }

    @Test
    void errorsAreCountedApartFromTheVerdictsAndOneVerdictHasNoStandardError() {
        // the run: 4 errors and 1 failure used to print "5 results, 0.0% ± 0.0%"
        List<JsonNode> results = new ArrayList<>();
        results.add(result("a", 1, "failed"));
        for (String id : List.of("b", "c", "d", "e")) {
            results.add(ReportFixtures.json("""
                    {"question_id":"%s","answering_model":"m","judge":"j","replicate":1,"status":"error",
                     "failure":{"category":"retry","stage":"generation","reason":"HTTP 503"}}""".formatted(id)));
        }

        String row = Reports.summaryTable(new RunData("run-x", results, null, null)).lines().skip(2).findFirst().orElseThrow();

        // 0 of 1 verdict, of 5 results, 4 errors; Wilson at p = 0, n = 1 is [0, 79.3%]
        assertThat(row).contains("0 / 1 of 5", "  4  ", "0.0%", "0.0%–79.3%").doesNotContain("±");
    }

    @Test
    void withoutScoresOrStatisticsTheFiguresComeFromTheResults() {
        RunData resultsOnly = new RunData("run-x", ReportFixtures.run().results(), null, null);

        String table = Reports.summaryTable(resultsOnly);

        // Wilson over the two verdicts, as the server computes it
        assertThat(table).contains("1 / 2 of 2", "50.0%", "9.5%–90.5%", "3.00", "0.50", "abstained 1, retry 1");
    }

    @Test
    void replicatedRunsShowPassAtKAndMajorityVote() {
        JsonNode statistics = ReportFixtures.json("""
                {"run_id":"run-r","replicates":3,"groups":[
                  {"answering_model":"m","judge":"j","results":6,"questions":2,"verdicts":6,"passes":4,"excluded":{},
                   "pass_rate":0.6666666666666666,"pass_rate_standard_error":0.3333333333333333,
                   "standard_error_method":"question_clustered",
                   "pass_rate_interval":{"method":"wilson","confidence":0.95,"sample_size":2.0,"low":0.2,"high":0.9},
                   "pass_at_k":[{"k":1,"questions":2,"value":0.6666666666666666},{"k":2,"questions":2,"value":0.8333333333333334},
                                {"k":3,"questions":2,"value":1.0}],
                   "majority_vote_accuracy":0.5}],
                 "questions":[]}""");
        List<JsonNode> results = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            results.add(result("a", r, "passed"));
            results.add(result("b", r, r == 1 ? "passed" : "failed"));
        }

        String table = Reports.summaryTable(new RunData("run-r", results, null, statistics));

        assertThat(table.lines().findFirst().orElseThrow()).contains("pass@3", "majority vote");
        assertThat(table.lines().skip(2).findFirst().orElseThrow())
                .contains("4 / 6 of 6", "66.7%", "20.0%–90.0%", "100.0%", "50.0%");
        assertThat(table).contains("  failed: b ×2\n");
    }

    @Test
    void costColumnOnlyWhenACostIsReported() {
        RunData noCost = new RunData("run-y", List.of(ReportFixtures.error(), ReportFixtures.abstained()), null, null);

        String table = Reports.summaryTable(noCost);

        assertThat(table).doesNotContain("cost").doesNotContain("nugget");
        assertThat(table.lines().skip(2).findFirst().orElseThrow()).contains("openai:gpt-4o-mini", "-");
    }

    private static JsonNode result(String question, int replicate, String status) {
        return ReportFixtures.json("""
                {"question_id":"%s","answering_model":"m","judge":"j","replicate":%d,"status":"%s"}"""
                .formatted(question, replicate, status));
    }

    @Test
    void questionsWhoseNuggetsWereNotAllLabelledAreShownAndCountedLikeNuggetizer() {
        // fr: its vital nugget's window failed (unscored); de: no vital nugget, both okay ones supported
        JsonNode unscored = ReportFixtures.json("""
                {"question_id":"fr","answering_model":"m","judge":"j","replicate":1,"status":"passed",
                 "nuggets":{"nuggets":[{"text":"a","importance":"okay","label":"support"},{"text":"b","importance":"vital"}],
                            "error":"1 of 2 nugget windows failed"}}""");
        JsonNode noVital = ReportFixtures.json("""
                {"question_id":"de","answering_model":"m","judge":"j","replicate":1,"status":"passed",
                 "nuggets":{"nuggets":[{"text":"c","importance":"okay","label":"support"},{"text":"d","importance":"okay","label":"support"}],
                            "scores":{"strict_all_recall":1.0,"all_recall":1.0}}}""");

        String table = Reports.summaryTable(new RunData("run-x", List.of(unscored, noVital), null, null));
        List<String> lines = table.lines().toList();

        // the failures cell says so instead of "-"; all recall is nuggetizer's (0.5 + 1.0) / 2
        assertThat(lines.get(2)).contains("nuggets_unscored 1", "0.75");
        assertThat(lines.get(2).indexOf("nuggets_unscored 1")).isEqualTo(lines.get(0).indexOf("failures"));
        assertThat(table).contains("""

                m / j nuggets not scored in full (a judge window failed):
                  fr
                """);
    }
}
