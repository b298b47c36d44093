package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/**
 * One judge's work on one answer.
 *
 * @param abstention  the abstention check's verdict, when it ran
 * @param sufficiency the sufficiency check's verdict, when it ran; {@code detected} means the
 *                    response lacks what the template needs (insufficiency detected)
 * @param parsed     the answer as the judge filled the template; null when parsing did not run
 * @param template   the verification against ground truth; null when parsing did not run
 * @param failure    why there is no verdict, when there is none
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParsingOutcome(JudgeCheck abstention, JudgeCheck sufficiency, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                             UsageMetadata usage, long latencyMs, Failure failure) {
    public ParsingOutcome {
        calls = calls == null ? List.of() : List.copyOf(calls);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }

    /** An outcome without a sufficiency check. */
    public ParsingOutcome(JudgeCheck abstention, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                          UsageMetadata usage, long latencyMs, Failure failure) {
        this(abstention, null, parsed, template, calls, usage, latencyMs, failure);
    }

    /** True when the sufficiency check ran and found the response lacking. */
    @JsonIgnore
    public boolean insufficient() {
        return sufficiency != null && sufficiency.detected();
    }
}
