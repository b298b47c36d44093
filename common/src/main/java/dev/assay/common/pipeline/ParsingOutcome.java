package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/**
 * One judge's work on one answer.
 *
 * @param abstention the abstention check's verdict, when it ran
 * @param parsed     the answer as the judge filled the template; null when parsing did not run
 * @param template   the verification against ground truth; null when parsing did not run
 * @param failure    why there is no verdict, when there is none
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParsingOutcome(JudgeCheck abstention, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                             UsageMetadata usage, long latencyMs, Failure failure) {
    public ParsingOutcome {
        calls = calls == null ? List.of() : List.copyOf(calls);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }
}
