package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the summary and report say the response cache did for a run: calls served, and what they saved. */
class CacheSavingsTest {

    private static JsonNode result(String calls) {
        return Json.read("{\"calls\": [" + calls + "]}", JsonNode.class);
    }

    @Test
    void sumsWhatTheCachedCallsOriginallyCost() {
        List<JsonNode> results = List.of(
                result("{\"cached\": true, \"saved_usd\": 0.0015}, {\"cached\": true, \"saved_usd\": 0.0005}"),
                result("{\"usage\": {\"cost_usd\": 0.002}}"));
        CacheSavings savings = CacheSavings.of(results);
        assertThat(savings.cached()).isEqualTo(2);
        assertThat(savings.calls()).isEqualTo(3);
        assertThat(savings.sentence()).isEqualTo("2 of 3 model calls served from the response cache, saving $0.0020");
        assertThat(SummaryTable.cacheLine(results)).contains("saving $0.0020 (--no-cache or cache: off calls every model)");
    }

    @Test
    void saysWhichCallsTheSavingCoversWhenSomeModelsHaveNoPrices() {
        List<JsonNode> results = List.of(result("{\"cached\": true, \"saved_usd\": 0.01}, {\"cached\": true}"));
        assertThat(CacheSavings.of(results).sentence())
                .isEqualTo("2 of 2 model calls served from the response cache, saving $0.0100 (of the 1 whose model has prices)");
    }

    @Test
    void saysNothingCanBeSavedWithoutPricesAndNothingAtAllWithoutCachedCalls() {
        assertThat(CacheSavings.of(List.of(result("{\"cached\": true}"))).sentence())
                .isEqualTo("1 of 1 model calls served from the response cache, not paid again; no model has prices to say what that saved");
        assertThat(CacheSavings.of(List.of(result("{}"))).sentence()).isEmpty();
        assertThat(SummaryTable.cacheLine(List.of(result("{}")))).isEmpty();
    }
}
