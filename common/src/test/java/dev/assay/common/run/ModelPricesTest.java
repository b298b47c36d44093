package dev.assay.common.run;

import dev.assay.common.port.UsageMetadata;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ModelPricesTest {

    @Test
    void costIsTokensTimesThePricePerMillion() {
        ModelPrices prices = new ModelPrices(new BigDecimal("2.50"), new BigDecimal("10"));
        assertThat(prices.costOf(UsageMetadata.of("m", 1_000, 200))).isEqualByComparingTo("0.0045");
        // unknown tokens: unknown cost, not zero
        assertThat(prices.costOf(UsageMetadata.EMPTY)).isNull();
        // only an input price: output tokens cost nothing
        assertThat(new ModelPrices(BigDecimal.ONE, null).costOf(UsageMetadata.of("m", 500_000, 7))).isEqualByComparingTo("0.5");
    }

    @Test
    void pricesAreReadFromTheRunConfigAndChecked() {
        RunConfig config = SpecReader.read("""
                answering_models:
                  - {interface: openai, model: m, prices: {input_per_million: 0.15, output_per_million: 0.6}}
                judges: [{interface: openai, model: j}]
                """, RunConfig.class);
        assertThat(config.answeringModels().get(0).prices().outputPerMillion()).isEqualByComparingTo("0.6");
        assertThat(config.answeringModels().get(0).withEndpoint("http://127.0.0.1:1/v1", null).prices())
                .isEqualTo(config.answeringModels().get(0).prices());

        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read("""
                answering_models:
                  - {interface: openai, model: m, prices: {input_per_million: -1}}
                  - {interface: openai, model: n, prices: {}}
                judges: [{interface: openai, model: j}]
                """, RunConfig.class));
        assertThat(error.errors()).extracting(ValidationError::toString).containsExactly(
                "answering_models[0].prices.input_per_million: must not be negative, got -1",
                "answering_models[1].prices: give input_per_million and/or output_per_million (US dollars per million tokens)");
    }
}
