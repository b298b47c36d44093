package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReportsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void writesEveryFileInOrderIntoAFolderItCreates() {
        Path out = dir.resolve("reports/run-1");

        List<Path> written = Reports.writeAll(out, ReportFixtures.run());

        assertThat(written).extracting(p -> p.getFileName().toString())
                .containsExactly("results.json", "results.jsonl", "results.csv", "scores.json", "statistics.json", "junit.xml",
                        "report.html");
        assertThat(written).allSatisfy(p -> assertThat(p).exists().hasParent(out));
    }

    @Test
    void scoresJsonAndStatisticsJsonAreTheServersDocumentsAsServed() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());

        assertThat(MAPPER.readTree(dir.resolve("scores.json").toFile())).isEqualTo(ReportFixtures.scores());
        JsonNode statistics = MAPPER.readTree(dir.resolve("statistics.json").toFile());
        assertThat(statistics).isEqualTo(ReportFixtures.statistics());
        // the replicate statistics are there: pass@k, majority vote, agreement per question
        assertThat(statistics.at("/groups/0/pass_at_k/0/value").asDouble()).isEqualTo(0.5);
        assertThat(statistics.at("/groups/0/majority_vote_accuracy").asDouble()).isEqualTo(0.5);
        assertThat(statistics.at("/questions/1/agreement").asDouble()).isEqualTo(1.0);
    }

    @Test
    void resultsJsonIsTheFullRecordsAsOneArray() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());

        JsonNode array = MAPPER.readTree(dir.resolve("results.json").toFile());

        assertThat(array.isArray()).isTrue();
        assertThat(array).hasSize(4);
        assertThat(array.get(0)).isEqualTo(ReportFixtures.passed());
        assertThat(array.get(1).get("response").asText()).isEqualTo(ReportFixtures.NASTY_RESPONSE);
    }

    @Test
    void resultsJsonlIsOneRecordPerLine() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());

        List<String> lines = Files.readAllLines(dir.resolve("results.jsonl"));

        assertThat(lines).hasSize(4);
        assertThat(MAPPER.readTree(lines.get(1))).isEqualTo(ReportFixtures.failed());
        assertThat(MAPPER.readTree(lines.get(3)).get("status").asText()).isEqualTo("abstained");
    }

    @Test
    void resultsCsvHasOneQuotedRowPerResultAndAColumnPerTrait() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());
        String text = Files.readString(dir.resolve("results.csv"));

        List<List<String>> rows = parseCsv(text);

        assertThat(rows).hasSize(5);
        List<String> header = rows.get(0);
        assertThat(header).containsExactly("run_id", "result_id", "question_id", "keywords", "answering_model", "judge", "replicate",
                "status", "failure_category", "failure_stage", "template_passed", "template_score",
                "rubric.concise", "rubric.depth",
                "nuggets.strict_vital_recall", "nuggets.strict_all_recall", "nuggets.vital_recall", "nuggets.all_recall",
                "input_tokens", "output_tokens", "total_tokens", "cost_usd", "response");
        assertThat(rows).allSatisfy(row -> assertThat(row).hasSize(header.size()));
        assertThat(cell(rows, 1, "status")).isEqualTo("passed");
        assertThat(cell(rows, 1, "keywords")).isEqualTo("severity:low;jailbreak:yes");
        assertThat(cell(rows, 2, "keywords")).isEmpty();
        assertThat(cell(rows, 3, "keywords")).isEqualTo("severity:low;jailbreak:yes");
        assertThat(cell(rows, 1, "rubric.concise")).isEqualTo("true");
        assertThat(cell(rows, 1, "rubric.depth")).isEqualTo("4.0");
        assertThat(cell(rows, 1, "nuggets.all_recall")).isEqualTo("0.5");
        assertThat(cell(rows, 1, "cost_usd")).isEqualTo("0.0012");
        assertThat(cell(rows, 2, "template_passed")).isEqualTo("false");
        // the response with commas, quotes and a line break survives quoting intact
        assertThat(cell(rows, 2, "response")).isEqualTo(ReportFixtures.NASTY_RESPONSE);
        assertThat(text).contains("\"Munich, I think; he said \"\"Munich\"\"\nsecond line");
        assertThat(cell(rows, 3, "failure_category")).isEqualTo("retry");
        assertThat(cell(rows, 3, "failure_stage")).isEqualTo("generation");
        assertThat(cell(rows, 3, "rubric.concise")).isEmpty();
        assertThat(cell(rows, 4, "total_tokens")).isEqualTo("15");
    }

    @Test
    void csvQuotesOnlyWhatNeedsIt() {
        assertThat(CsvWriter.quote("plain")).isEqualTo("plain");
        assertThat(CsvWriter.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvWriter.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvWriter.quote("two\r\nlines")).isEqualTo("\"two\r\nlines\"");
        assertThat(CsvWriter.quote(null)).isEmpty();
    }

    @Test
    void junitXmlParsesWithASuitePerModelAndJudgeAndItsCounts() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());

        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("junit.xml").toFile());

        Element root = xml.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("testsuites");
        assertThat(root.getAttribute("tests")).isEqualTo("4");
        assertThat(root.getAttribute("failures")).isEqualTo("1");
        assertThat(root.getAttribute("errors")).isEqualTo("2");
        NodeList suites = root.getElementsByTagName("testsuite");
        assertThat(suites.getLength()).isEqualTo(2);

        Element big = (Element) suites.item(0);
        assertThat(big.getAttribute("name")).isEqualTo("openai:gpt-4o / openai:judge-1");
        assertThat(big.getAttribute("tests")).isEqualTo("2");
        assertThat(big.getAttribute("failures")).isEqualTo("1");
        assertThat(big.getAttribute("errors")).isEqualTo("0");
        NodeList cases = big.getElementsByTagName("testcase");
        assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("fr");
        assertThat(((Element) cases.item(0)).getElementsByTagName("failure").getLength()).isZero();
        Element failure = (Element) ((Element) cases.item(1)).getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).contains("capital: expected \"Berlin\", got \"Munich\"");
        assertThat(failure.getTextContent()).contains("regex \\bBerlin\\b: must match");

        Element mini = (Element) suites.item(1);
        assertThat(mini.getAttribute("tests")).isEqualTo("2");
        assertThat(mini.getAttribute("failures")).isEqualTo("0");
        assertThat(mini.getAttribute("errors")).isEqualTo("2");
        Element error = (Element) mini.getElementsByTagName("error").item(0);
        assertThat(error.getAttribute("type")).isEqualTo("retry");
        // markup kept as text, the control character made visible rather than breaking the parser
        assertThat(error.getAttribute("message")).isEqualTo("generation: 429 <rate limit> & retries ran out\\u0001");
        Element abstained = (Element) mini.getElementsByTagName("error").item(1);
        assertThat(abstained.getAttribute("type")).isEqualTo("abstained");
    }

    @Test
    void junitXmlNamesReplicatesWhenTheRunHasThem() throws Exception {
        var second = (com.fasterxml.jackson.databind.node.ObjectNode) ReportFixtures.passed().deepCopy();
        second.put("replicate", 2).put("result_id", "r1b");
        RunData data = new RunData("run-r", List.of(ReportFixtures.passed(), second), null, null);

        String xml = JunitXmlWriter.write(data);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));

        NodeList cases = doc.getElementsByTagName("testcase");
        assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("fr [replicate 1]");
        assertThat(((Element) cases.item(1)).getAttribute("name")).isEqualTo("fr [replicate 2]");
    }

    @Test
    void xmlEscapingMakesAnyStringLegal() {
        assertThat(Xml.escape("a<b>&\"c'\u0000\u001b\uFFFF\ud800x\n"))
                .isEqualTo("a&lt;b&gt;&amp;&quot;c&apos;\\u0000\\u001B\\uFFFF\\uD800x&#10;");
        assertThat(Xml.escape("emoji \uD83D\uDE00")).isEqualTo("emoji \uD83D\uDE00");
    }

    @Test
    void reportHtmlHasEverySectionAndEscapesWhatModelsWrote() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());

        String html = Files.readString(dir.resolve("report.html"));

        assertThat(html).startsWith("<!DOCTYPE html>")
                .contains("<section id=\"summary\">", "<section id=\"charts\">", "<section id=\"questions\">")
                .contains("<style>", "<svg", "<details");
        // the response's script comes out as text: the only scripts are the report's own two, the
        // run's data (inert JSON, every "<" in it escaped) and the viewer's code
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(html.split("<script", -1)).hasSize(3);
        assertThat(html).contains("<script type=\"application/json\" id=\"assay-report-data\">", "<script type=\"module\">\n");
        assertThat(html).contains("\\u003cscript>alert(1)\\u003c/script>");
        assertThat(html).contains("Two lines &lt;b&gt;of&lt;/b&gt; hedging.");
        // self-contained: no resource fetched from anywhere (the SVG namespace the viewer's code names is no fetch)
        assertThat(html.replace("\"http://www.w3.org/2000/svg\"", "")).doesNotContain("http://", "https://", "src=", "<link", "sourceMappingURL");
        // summary: counts, pass rate with its error and interval, trait figures, nuggets, failures, cost
        assertThat(html).contains("1 / 2 of 2", "50.0% ± 35.4%", "9.5%–90.5%", "3.00", "retry 1", "abstained 1", "$0.0022");
        // every statistic the API serves: replicate statistics per group and per question, the means of /scores
        assertThat(html).contains("<section id=\"statistics\">", "<th>pass@1</th>", "<th>majority vote</th>",
                "9.5%–90.5% (n 2)", "50.0% (2 q.)", "<th>agreement</th>", "<td class=\"failed\">failed</td>",
                "whole run", "passed 1, failed 1, error 1, abstained 1", "1 / 1", "<th>not scored</th>");
        // drill-down: ground truth against the parsed value, reasoning, nuggets, prompts with roles
        assertThat(html).contains("<code>&quot;Berlin&quot;</code>", "<code>&quot;Munich&quot;</code>")
                .contains("It answers in one word.")
                .contains("Paris is on the Seine", "not_support")
                .contains("<span class=\"role\">system</span>", "Answer briefly.", "Extract the city from: Paris")
                .contains("Call error: 429 Too Many Requests")
                .contains("trait depth was asked again");
        // the summary again per tag: fr's two tags (passed by gpt-4o, an error of gpt-4o-mini), then the untagged de
        assertThat(html).contains("<h3>By tag</h3>").containsSubsequence("<h4>jailbreak:yes</h4>", "1 / 1 of 1", "0 / 0 of 1",
                "<h4>severity:low</h4>", "1 / 1 of 1", "0 / 0 of 1", "<h4>(no tag)</h4>", "0 / 1 of 1", "0 / 0 of 1");
    }

    @Test
    void reportHtmlCarriesTheViewersCodeAndTheRunsDataForItToDraw() throws Exception {
        Reports.writeAll(dir, ReportFixtures.run());

        String html = Files.readString(dir.resolve("report.html"));

        // the viewer's pages, shown by its code; the static report is what stands without scripts
        assertThat(html).contains("<div id=\"viewer-shell\" hidden>", "<main id=\"app\"></main>", "<div id=\"static-report\">");
        // the viewer's code is the bundle generation-service serves at /ui/bundle/app.js, byte for byte
        // but for its source-map pointer: one rendering for both
        String bundle;
        try (var in = HtmlReport.class.getResourceAsStream("/META-INF/resources/ui/bundle/app.js")) {
            bundle = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String code = bundle.substring(0, bundle.lastIndexOf("//# sourceMappingURL=")).strip();
        assertThat(code).isNotBlank();
        assertThat(html).containsSubsequence("<script type=\"module\">\n" + code + "\n", "document.getElementById('viewer-shell').hidden = false;");
        // one module with nothing left to import (esbuild bundled every one of the viewer's modules)
        assertThat(code).doesNotContain("import {", "from\"./", "from './");
        // the run's data: every result as served, and the server's documents
        String data = html.substring(html.indexOf("id=\"assay-report-data\">") + "id=\"assay-report-data\">".length());
        JsonNode embedded = MAPPER.readTree(data.substring(0, data.indexOf("</script>")));
        assertThat(embedded.get("run_id").asText()).isEqualTo(ReportFixtures.run().runId());
        assertThat(embedded.get("results")).hasSize(4);
        assertThat(embedded.get("results").get(0)).isEqualTo(ReportFixtures.passed());
        assertThat(embedded.get("statistics")).isEqualTo(ReportFixtures.statistics());
    }

    @Test
    void reportHtmlsDataIsTheRunAsOneCompactObjectWrittenPieceByPiece() throws Exception {
        // report.html is streamed (the results' compact JSON joined into the array), not made as one tree:
        // the same text as that tree's compact JSON, "<" escaped, for a full run and for an empty one
        for (RunData data : List.of(ReportFixtures.run(), new RunData("run-empty", List.of(), null, null))) {
            Path out = dir.resolve(data.runId());
            Reports.writeAll(out, data);
            String html = Files.readString(out.resolve("report.html"));
            String start = "id=\"assay-report-data\">";
            String embedded = html.substring(html.indexOf(start) + start.length(), html.indexOf("</script>", html.indexOf(start)));

            var root = MAPPER.createObjectNode();
            root.put("run_id", data.runId());
            root.set("matrix", data.run());
            root.set("statistics", data.statistics());
            root.set("scores", data.scores());
            root.putArray("results").addAll(data.results());
            assertThat(embedded).isEqualTo(MAPPER.writeValueAsString(root).replace("<", "\\u003c"));
            // and the page as a whole is what assay report makes of the same data
            assertThat(html).isEqualTo(HtmlReport.write(data));
        }
    }

    @Test
    void reportsComeOutOfResultsAloneAndOfAnEmptyRun() throws Exception {
        RunData resultsOnly = new RunData("run-x", ReportFixtures.run().results(), null, null);
        // without the server's documents there is no scores.json or statistics.json to write
        assertThat(Reports.writeAll(dir.resolve("a"), resultsOnly)).hasSize(5);
        assertThat(dir.resolve("a/statistics.json")).doesNotExist();
        assertThat(Files.readString(dir.resolve("a/report.html"))).contains("made without the run's /statistics");
        assertThat(Reports.writeAll(dir.resolve("b"), new RunData("run-empty", List.of(), null, null))).hasSize(5);
    }

    private static String cell(List<List<String>> rows, int row, String column) {
        return rows.get(row).get(rows.get(0).indexOf(column));
    }

    /** An RFC 4180 reader, independent of the writer, so the test checks the format and not the code. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                cell.append(c);
            }
        }
        return rows;
    }
}
