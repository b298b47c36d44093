package dev.assay.common.port;

import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UsageMetadataTest {

    @Test
    void plusSumsFiguresBothCallsReported() {
        UsageMetadata a = new UsageMetadata(10L, 5L, 15L, new BigDecimal("0.0010"), 2L, 1L, "gpt-4o");
        UsageMetadata b = new UsageMetadata(20L, 7L, 27L, new BigDecimal("0.0025"), 3L, 4L, "gpt-4o");
        UsageMetadata sum = a.plus(b);
        assertThat(sum).isEqualTo(new UsageMetadata(30L, 12L, 42L, new BigDecimal("0.0035"), 5L, 5L, "gpt-4o"));
    }

    @Test
    void plusKeepsNullWhenNeitherReportedAndTakesTheOneThatDid() {
        UsageMetadata withCost = new UsageMetadata(10L, null, null, new BigDecimal("0.5"), null, null, null);
        UsageMetadata withoutCost = new UsageMetadata(null, 3L, null, null, null, 8L, "m");
        UsageMetadata sum = withCost.plus(withoutCost);
        assertThat(sum.inputTokens()).isEqualTo(10L);
        assertThat(sum.outputTokens()).isEqualTo(3L);
        assertThat(sum.totalTokens()).isNull();
        assertThat(sum.costUsd()).isEqualByComparingTo("0.5");
        assertThat(sum.cacheReadTokens()).isNull();
        assertThat(sum.cacheCreationTokens()).isEqualTo(8L);
        assertThat(sum.model()).isEqualTo("m");
        // symmetric
        assertThat(withoutCost.plus(withCost)).isEqualTo(sum);
    }

    @Test
    void emptyIsNeutralAndNullOtherIsIgnored() {
        UsageMetadata usage = UsageMetadata.of("m", 4, 6);
        assertThat(usage.totalTokens()).isEqualTo(10L);
        assertThat(UsageMetadata.EMPTY.plus(usage)).isEqualTo(usage);
        assertThat(usage.plus(UsageMetadata.EMPTY)).isEqualTo(usage);
        assertThat(usage.plus(null)).isEqualTo(usage);
        assertThat(UsageMetadata.EMPTY.plus(UsageMetadata.EMPTY)).isEqualTo(UsageMetadata.EMPTY);
    }

    @Test
    void differentModelsAreListedOnceInFirstSeenOrder() {
        UsageMetadata sum = UsageMetadata.of("a", 1, 1).plus(UsageMetadata.of("b", 1, 1)).plus(UsageMetadata.of("a", 1, 1));
        assertThat(sum.model()).isEqualTo("a,b");
        assertThat(sum.inputTokens()).isEqualTo(3L);
    }

    @Test
    void roundTripsAsSnakeCaseAndOmitsUnreportedFigures() throws Exception {
        UsageMetadata usage = new UsageMetadata(100L, 20L, 120L, new BigDecimal("0.000123"), 50L, 0L, "claude-sonnet");
        String json = Json.write(usage);
        assertThat(Json.mapper().readTree(json).fieldNames()).toIterable().containsExactly(
                "input_tokens", "output_tokens", "total_tokens", "cost_usd", "cache_read_tokens", "cache_creation_tokens", "model");
        assertThat(Json.read(json, UsageMetadata.class)).isEqualTo(usage);

        UsageMetadata partial = new UsageMetadata(5L, null, null, null, null, null, null);
        assertThat(Json.write(partial)).isEqualTo("{\"input_tokens\":5}");
        assertThat(Json.read("{\"input_tokens\":5}", UsageMetadata.class)).isEqualTo(partial);
        assertThat(Json.read("{}", UsageMetadata.class)).isEqualTo(UsageMetadata.EMPTY);
    }

    @Test
    void negativeFiguresAreRejectedByName() {
        assertThatThrownBy(() -> new UsageMetadata(-1L, null, null, null, null, null, null))
                .hasMessageContaining("input_tokens");
        assertThatThrownBy(() -> new UsageMetadata(null, null, null, new BigDecimal("-1"), null, null, null))
                .hasMessageContaining("cost_usd");
    }
}
