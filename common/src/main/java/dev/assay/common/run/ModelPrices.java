package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * What a model costs, in US dollars per million tokens (a model's {@code prices} in the run
 * config). With prices, every call's usage carries {@code cost_usd}, so results, run totals and
 * the CLI's summary show cost; without, cost stays unknown (null), never 0.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelPrices(BigDecimal inputPerMillion, BigDecimal outputPerMillion) implements Validatable {

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** The cost of {@code usage}; null when it reports no tokens to price. */
    public BigDecimal costOf(UsageMetadata usage) {
        if (usage.inputTokens() == null && usage.outputTokens() == null) {
            return null;
        }
        BigDecimal cost = BigDecimal.ZERO;
        if (usage.inputTokens() != null && inputPerMillion != null) {
            cost = cost.add(inputPerMillion.multiply(BigDecimal.valueOf(usage.inputTokens())));
        }
        if (usage.outputTokens() != null && outputPerMillion != null) {
            cost = cost.add(outputPerMillion.multiply(BigDecimal.valueOf(usage.outputTokens())));
        }
        return cost.divide(MILLION, MathContext.DECIMAL64).stripTrailingZeros();
    }

    @Override
    public void validate(String path, Problems problems) {
        if (inputPerMillion == null && outputPerMillion == null) {
            problems.add(path, "give input_per_million and/or output_per_million (US dollars per million tokens)");
        }
        if (inputPerMillion != null && inputPerMillion.signum() < 0) {
            problems.add(Problems.field(path, "input_per_million"), "must not be negative, got " + inputPerMillion);
        }
        if (outputPerMillion != null && outputPerMillion.signum() < 0) {
            problems.add(Problems.field(path, "output_per_million"), "must not be negative, got " + outputPerMillion);
        }
    }
}
