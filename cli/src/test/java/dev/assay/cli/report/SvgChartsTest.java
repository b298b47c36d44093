package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SvgChartsTest {

    @Test
    void labelsAndErrorsGetTheirOwnBars() {
        List<JsonNode> results = List.of(
                trait("{\"name\":\"tone\",\"kind\":\"literal\",\"score\":1.0,\"label\":\"neutral\"}"),
                trait("{\"name\":\"tone\",\"kind\":\"literal\",\"score\":1.0,\"label\":\"neutral\"}"),
                trait("{\"name\":\"tone\",\"kind\":\"literal\",\"score\":0.0,\"label\":\"<warm>\"}"),
                trait("{\"name\":\"tone\",\"kind\":\"literal\",\"error\":\"judge answered twice\"}"));

        String svg = SvgCharts.traitDistribution("tone", results);

        assertThat(svg).contains("<title>neutral: 2</title>", "<title>&lt;warm&gt;: 1</title>", "<title>error: 1</title>")
                .contains("class=\"bar error\"");
    }

    @Test
    void manyDistinctScoresAreBinnedIntoTen() {
        List<JsonNode> results = new ArrayList<>();
        for (int i = 0; i <= 20; i++) {
            results.add(trait("{\"name\":\"f1\",\"kind\":\"metric\",\"score\":" + (i / 20.0) + "}"));
        }

        String svg = SvgCharts.traitDistribution("f1", results);

        assertThat(svg.split("<rect", -1)).hasSize(11);
        assertThat(svg).contains("<title>0.00–0.10: 2</title>", "<title>0.90–1.00: 3</title>");
    }

    @Test
    void pairsWithoutAVerdictAreNamedUnderThePassRateChart() {
        String html = SvgCharts.passRates(GroupSummary.of(ReportFixtures.run()));

        assertThat(html).contains("No template verdict for openai:gpt-4o-mini / openai:judge-1.");
    }

    private static JsonNode trait(String trait) {
        return ReportFixtures.json("{\"answering_model\":\"m\",\"judge\":\"j\",\"rubric\":[" + trait + "]}");
    }
}
