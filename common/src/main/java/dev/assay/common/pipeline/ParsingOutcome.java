package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.AgentResult;
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
 * @param failure    why there is no verdict, when there is none (or, for a deep-judgment autofail, why the verdict fails)
 * @param deepJudgment what deep judgment did, when the run asked for it
 * @param investigation agentic parsing's investigation (its trace, turns, usage), when the run asked for it
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParsingOutcome(JudgeCheck abstention, JudgeCheck sufficiency, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                             UsageMetadata usage, long latencyMs, Failure failure, DeepJudgmentTrace deepJudgment,
                             AgentResult investigation) {
    public ParsingOutcome {
        calls = calls == null ? List.of() : List.copyOf(calls);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }

    public ParsingOutcome(JudgeCheck abstention, JudgeCheck sufficiency, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                          UsageMetadata usage, long latencyMs, Failure failure) {
        this(abstention, sufficiency, parsed, template, calls, usage, latencyMs, failure, null, null);
    }

    public ParsingOutcome(JudgeCheck abstention, JudgeCheck sufficiency, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                          UsageMetadata usage, long latencyMs, Failure failure, DeepJudgmentTrace deepJudgment) {
        this(abstention, sufficiency, parsed, template, calls, usage, latencyMs, failure, deepJudgment, null);
    }

    /** An outcome without a sufficiency check. */
    public ParsingOutcome(JudgeCheck abstention, JsonNode parsed, TemplateVerdict template, List<RecordedCall> calls,
                          UsageMetadata usage, long latencyMs, Failure failure) {
        this(abstention, null, parsed, template, calls, usage, latencyMs, failure);
    }

    /** An outcome with no check, no call and no failure: set what the judge's work produced. */
    public static Builder builder() {
        return new Builder();
    }

    /** True when the sufficiency check ran and found the response lacking. */
    @JsonIgnore
    public boolean insufficient() {
        return sufficiency != null && sufficiency.detected();
    }

    /** Builds an outcome field by field; {@link #build} runs the record's constructor. Unset fields stay null (no calls, no usage). */
    public static final class Builder {
        private JudgeCheck abstention;
        private JudgeCheck sufficiency;
        private JsonNode parsed;
        private TemplateVerdict template;
        private List<RecordedCall> calls;
        private UsageMetadata usage;
        private long latencyMs;
        private Failure failure;
        private DeepJudgmentTrace deepJudgment;
        private AgentResult investigation;

        private Builder() {
        }

        public Builder abstention(JudgeCheck abstention) {
            this.abstention = abstention;
            return this;
        }

        public Builder sufficiency(JudgeCheck sufficiency) {
            this.sufficiency = sufficiency;
            return this;
        }

        public Builder parsed(JsonNode parsed) {
            this.parsed = parsed;
            return this;
        }

        public Builder template(TemplateVerdict template) {
            this.template = template;
            return this;
        }

        public Builder calls(List<RecordedCall> calls) {
            this.calls = calls;
            return this;
        }

        public Builder usage(UsageMetadata usage) {
            this.usage = usage;
            return this;
        }

        public Builder latencyMs(long latencyMs) {
            this.latencyMs = latencyMs;
            return this;
        }

        public Builder failure(Failure failure) {
            this.failure = failure;
            return this;
        }

        public Builder deepJudgment(DeepJudgmentTrace deepJudgment) {
            this.deepJudgment = deepJudgment;
            return this;
        }

        public Builder investigation(AgentResult investigation) {
            this.investigation = investigation;
            return this;
        }

        public ParsingOutcome build() {
            return new ParsingOutcome(abstention, sufficiency, parsed, template, calls, usage, latencyMs, failure, deepJudgment,
                    investigation);
        }
    }
}
