package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PipelineMessagesJsonTest {

    @Test
    void everyMessageRoundTrips() {
        assertThat(Json.read(Json.write(Fixtures.job()), VerificationJob.class)).isEqualTo(Fixtures.job());
        assertThat(Json.read(Json.write(Fixtures.answered()), AnsweredJob.class)).isEqualTo(Fixtures.answered());
        assertThat(Json.read(Json.write(Fixtures.parsed()), ParsedJob.class)).isEqualTo(Fixtures.parsed());
        assertThat(Json.read(Json.write(Fixtures.result()), VerificationResult.class)).isEqualTo(Fixtures.result());
    }

    @Test
    void everyMessageCarriesSchemaVersionRunAndJobIds() throws Exception {
        for (Object message : new Object[]{Fixtures.job(), Fixtures.answered(), Fixtures.parsed(), Fixtures.result()}) {
            JsonNode tree = Json.mapper().readTree(Json.write(message));
            assertThat(tree.get("schema_version").asInt()).as(message.getClass().getSimpleName()).isEqualTo(1);
            assertThat(tree.get("run_id").asText()).isEqualTo("run-1");
            assertThat(tree.get("job_id").asText()).isEqualTo(Fixtures.job().jobId());
        }
    }

    @Test
    void noApiKeyTravelsOnlyItsEnvironmentVariableName() {
        String json = Json.write(Fixtures.result()) + Json.write(Fixtures.parsed());
        assertThat(json).doesNotContain("api_key\"").contains("\"api_key_env\":\"OPENAI_API_KEY\"");
    }

    @Test
    void anUnsupportedSchemaVersionIsAClearError() {
        String json = Json.write(Fixtures.job()).replace("\"schema_version\":1", "\"schema_version\":7");
        assertThatThrownBy(() -> Json.read(json, VerificationJob.class)).hasMessageContaining("schema_version 7 is not supported");
    }

    @Test
    void resultIdDependsOnTheJudge() {
        ParsedJob parsed = Fixtures.parsed();
        assertThat(parsed.resultId()).isEqualTo(PipelineIds.resultId("run-1", "fr", "openai:gpt-4o", "openai:judge-1", 1));
    }
}
