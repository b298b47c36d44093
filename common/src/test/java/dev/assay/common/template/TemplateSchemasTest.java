package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TemplateSchemasTest {

    private static AnswerTemplate template() {
        return SpecReader.read("""
                questions:
                  - question: q
                    template:
                      fields:
                        drug: {type: string, description: the drug named, ground_truth: SECRET-aspirin}
                        dose: {type: number, description: dose in mg, ground_truth: 75, nullable: true}
                        route: {type: literal, description: how it is taken, values: [oral, iv], ground_truth: oral}
                        start: {type: date, description: start date, ground_truth: "2024-01-02"}
                        genes: {type: list, items: string, description: genes, ground_truth: [BRCA1]}
                        daily: {type: boolean, description: taken daily, ground_truth: true}
                        count: {type: integer, description: tablets, ground_truth: 2}
                """, Benchmark.class).questions().get(0).template();
    }

    @Test
    void typesDescriptionsEnumsAndNullAlwaysAllowed() throws Exception {
        JsonNode schema = TemplateSchemas.of(template());
        assertThat(schema.get("type").asText()).isEqualTo("object");
        assertThat(schema.get("additionalProperties").asBoolean()).isFalse();
        assertThat(schema.get("required")).extracting(JsonNode::asText)
                .containsExactly("drug", "dose", "route", "start", "genes", "daily", "count");
        JsonNode properties = schema.get("properties");
        assertThat(properties.get("drug")).isEqualTo(Json.mapper().readTree("{\"type\":[\"string\",\"null\"],\"description\":\"the drug named\"}"));
        assertThat(properties.get("dose").get("type")).isEqualTo(Json.mapper().readTree("[\"number\",\"null\"]"));
        assertThat(properties.get("route").get("enum")).isEqualTo(Json.mapper().readTree("[\"oral\",\"iv\",null]"));
        assertThat(properties.get("start").get("format").asText()).isEqualTo("date");
        assertThat(properties.get("genes").get("items").get("type").asText()).isEqualTo("string");
        assertThat(properties.get("daily").get("type").get(0).asText()).isEqualTo("boolean");
        assertThat(properties.get("count").get("type").get(0).asText()).isEqualTo("integer");
    }

    @Test
    void groundTruthNeverLeaksIntoTheSchema() {
        String schema = Json.write(TemplateSchemas.of(template()));
        assertThat(schema).doesNotContain("SECRET").doesNotContain("ground_truth").doesNotContain("BRCA1").doesNotContain("75");
    }
}
