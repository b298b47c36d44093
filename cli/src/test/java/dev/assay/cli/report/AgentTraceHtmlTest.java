package dev.assay.cli.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** report.html shows an agent's trace turn by turn, inside the result's fold (docs/agents.md). */
class AgentTraceHtmlTest {

    static final String AGENT = """
            {"final_response":"BRCA1 is on chromosome 17.","raw_trace":"…","turns":3,"limit_reached":false,
             "trace_messages":[
               {"role":"user","content":[{"type":"text","text":"On which chromosome is BRCA1?"}]},
               {"role":"assistant","content":[{"type":"thinking","thinking":"I should look it up."},
                 {"type":"tool_use","id":"call_1","name":"lookup","input":{"key":"BRCA1"}}]},
               {"role":"tool","content":[{"type":"tool_result","tool_use_id":"call_1","content":"17q21.31","is_error":false}]},
               {"role":"assistant","content":[{"type":"tool_use","id":"call_2","name":"gene_db","input":{}}]},
               {"role":"tool","content":[{"type":"tool_result","tool_use_id":"call_2","content":"HTTP 500: <down>","is_error":true}]},
               {"role":"assistant","content":[{"type":"text","text":"BRCA1 is on chromosome 17."}]}]}
            """;

    @Test
    void theTraceIsShownTurnByTurnWithEachToolResultUnderItsCall() {
        String html = AgentTraceHtml.render(ReportFixtures.json(AGENT));

        assertThat(html).startsWith("<details class=\"agent\" open><summary><strong>Agent trace</strong>").contains("3 turns");
        assertThat(html).containsSubsequence(
                "<span class=\"role\">user</span>", "On which chromosome is BRCA1?",
                "turn 1 · assistant", "thinking", "I should look it up.", "→ calls <code>lookup</code>", "(call_1)", "&quot;key&quot; : &quot;BRCA1&quot;",
                "← lookup answered", "17q21.31",
                "turn 2 · assistant", "→ calls <code>gene_db</code>",
                "<div class=\"tool-result tool-error\">", "← gene_db failed", "HTTP 500: &lt;down&gt;",
                "turn 3 · assistant", "BRCA1 is on chromosome 17.");
        assertThat(html).doesNotContain("<down>").doesNotContain("stopped at its turn limit");
        assertThat(AgentTraceHtml.render(null)).isEmpty();
    }

    @Test
    void theWorkspaceIsShownFileByFileAndAnInvestigationSaysWhichFilesItRead() {
        ObjectNode agent = (ObjectNode) ReportFixtures.json(AGENT);
        agent.set("workspace", ReportFixtures.json("""
                {"files": [{"path": "notes/gene.md", "content": "BRCA1 <17q21>"}], "total_bytes": 13, "max_bytes": 4096,
                 "limit_reached": true}"""));
        String html = AgentTraceHtml.render(agent);
        assertThat(html).contains("workspace · 1 file, 13 of 4096 bytes", "a write was refused at the size limit",
                "notes/gene.md", "BRCA1 &lt;17q21&gt;");

        ObjectNode investigation = (ObjectNode) ReportFixtures.json(AGENT);
        investigation.set("workspace_files_read", ReportFixtures.json("[\"notes/gene.md\"]"));
        assertThat(AgentTraceHtml.render(investigation, "Judge's investigation", false)).contains("workspace files read</span> notes/gene.md");
    }

    @Test
    void aRunCutOffAtItsTurnLimitSaysSo() {
        ObjectNode agent = (ObjectNode) ReportFixtures.json(AGENT);
        agent.put("limit_reached", true).put("actual_model", "gpt-4o-2024-08-06");

        assertThat(AgentTraceHtml.render(agent)).contains("stopped at its turn limit", "model gpt-4o-2024-08-06");
    }

    @Test
    void reportHtmlShowsTheTraceInTheResultsFold(@TempDir Path dir) throws Exception {
        ObjectNode result = (ObjectNode) ReportFixtures.passed();
        result.set("agent", ReportFixtures.json(AGENT));
        RunData run = new RunData(ReportFixtures.RUN, List.of(result), ReportFixtures.scores(), ReportFixtures.statistics());

        Reports.writeAll(dir, run);

        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).containsSubsequence("<details class=\"result\">", "<h4>Response</h4>", "<details class=\"agent\" open>",
                "turn 1 · assistant", "← lookup answered", "</details>", "<h4>Prompts</h4>");
        assertThat(html).contains(".agent .turn{");
    }

    @Test
    void reportHtmlShowsTheJudgesInvestigationsFoldedUnderTheirTitles(@TempDir Path dir) throws Exception {
        ObjectNode result = (ObjectNode) ReportFixtures.passed();
        result.set("investigation", ReportFixtures.json(AGENT));
        ObjectNode trait = result.putArray("rubric").addObject().put("name", "locus_checked").put("kind", "agentic").put("passed", true);
        trait.set("investigation", ReportFixtures.json(AGENT));
        RunData run = new RunData(ReportFixtures.RUN, List.of(result), ReportFixtures.scores(), ReportFixtures.statistics());

        Reports.writeAll(dir, run);

        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).containsSubsequence("<details class=\"result\">",
                "<details class=\"agent\"><summary><strong>Judge&#39;s investigation (agentic parsing)</strong>", "← lookup answered",
                "<details class=\"agent\"><summary><strong>Judge&#39;s investigation of trait locus_checked</strong>", "3 turns",
                "<h4>Prompts</h4>");
    }
}
