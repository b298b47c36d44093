package dev.assay.core.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.TruncatedText;
import dev.assay.common.pipeline.VerificationResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Outputs larger than the record limit are cut to fit, never dropped, and a result says so in its caveats. */
class RecordFitterTest {

    private static final int LIMIT = 1024 * 1024 - 16 * 1024;

    @Test
    void aRecordThatFitsIsLeftAsItIs() {
        String json = result("a short answer", "a short answer", "[]");

        assertThat(RecordFitter.fit(json, LIMIT)).isSameAs(json);
    }

    @Test
    void aResultWithAFiveMegabyteAnswerIsCutToFitWithACaveatNamingWhatWasCut() {
        String answer = "é and 日本 and more. ".repeat(5 * 1024 * 1024 / 26);
        String json = result(answer, answer, "[\"an earlier caveat\"]");

        String fitted = RecordFitter.fit(json, LIMIT);

        assertThat(RecordFitter.utf8Length(fitted)).isLessThanOrEqualTo(LIMIT);
        VerificationResult result = Json.read(fitted, VerificationResult.class);
        assertThat(result.resultId()).isEqualTo("res-1");
        assertThat(TruncatedText.isCut(result.response())).isTrue();
        assertThat(answer).startsWith(result.response().substring(0, result.response().indexOf("\n" + TruncatedText.MARKER)));
        assertThat(result.response()).contains(answer.length() + " characters");
        assertThat(TruncatedText.isCut(result.calls().get(0).response())).isTrue();
        assertThat(result.caveats()).hasSize(2).first().isEqualTo("an earlier caveat");
        assertThat(result.caveats().get(1)).startsWith(RecordFitter.CAVEAT).contains("$.response").contains("$.calls[0].response");
        assertThat(result.calls().get(0).model()).isEqualTo("openai:m");
    }

    @Test
    void aResultThatFitsButCarriesATextCutUpstreamGetsTheCaveatOnce() {
        String cut = TruncatedText.cut("x".repeat(5000), 2000, LIMIT);
        String json = result(cut, "short", "[]");

        String once = RecordFitter.fit(json, LIMIT);
        String twice = RecordFitter.fit(once, LIMIT);

        assertThat(Json.read(once, VerificationResult.class).caveats()).singleElement().asString()
                .isEqualTo(RecordFitter.CAVEAT + "$.response");
        assertThat(Json.read(twice, VerificationResult.class).caveats()).hasSize(1);
    }

    @Test
    void aRecordWithoutCaveatsThatCarriesACutTextIsLeftAsItIs() {
        String json = "{\"schema_version\":1,\"response\":" + Json.write(TruncatedText.cut("y".repeat(3000), 1500, LIMIT)) + "}";

        assertThat(RecordFitter.fit(json, LIMIT)).isSameAs(json);
    }

    @Test
    void aRecordOfManySmallTextsThatCannotBeCutIsRefusedWithTheReason() {
        StringBuilder json = new StringBuilder("{\"items\":[");
        for (int i = 0; i < 2000; i++) {
            json.append(i == 0 ? "" : ",").append('"').append("z".repeat(1000)).append('"');
        }
        json.append("]}");

        assertThatThrownBy(() -> RecordFitter.fit(json.toString(), 100_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("over the record limit of 100000 bytes with no text left to cut");
    }

    private static String result(String response, String callResponse, String caveats) {
        return "{\"schema_version\":1,\"run_id\":\"run-1\",\"job_id\":\"job-1\",\"result_id\":\"res-1\",\"status\":\"scored\","
                + "\"response\":" + Json.write(response) + ",\"calls\":[{\"stage\":\"generation\",\"task\":\"generation\","
                + "\"model\":\"openai:m\",\"messages\":[],\"response\":"
                + Json.write(callResponse) + ",\"latency_ms\":5}],\"caveats\":" + caveats + "}";
    }
}
