package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.DeepJudgmentTrace;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.judge.ExcerptCheck;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.core.session.ModelSession;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep judgment of a template (Karenina's): in {@code full} mode the judge quotes excerpts per
 * attribute, each checked against the response ({@link ExcerptCheck}) and the call repeated with
 * feedback while a quote is not found; then it reasons per attribute (from the excerpts, or from the
 * whole response in {@code reasoning_only}); then it parses from that reasoning. Every call goes
 * through the judge's {@link ModelSession}, so it is recorded with the others.
 */
final class DeepJudgment {

    static final String EXCERPTS = "excerpts";
    static final String REASONING = "reasoning";
    static final String PARAMETERS = "parameters";

    /** The parse and what led to it. */
    record Result(JsonNode parsed, DeepJudgmentTrace trace) {

        /** The autofail when an attribute has no valid excerpt; null otherwise. */
        Failure autofail() {
            List<String> missing = trace.attributesWithoutExcerpts();
            return missing.isEmpty() ? null : new Failure(FailureCategory.DEEP_JUDGMENT_AUTOFAIL, Stage.PARSING,
                    "deep judgment found no excerpt in the response supporting " + String.join(", ", missing), null);
        }
    }

    private final ModelSession session;
    private final DeepJudgmentSettings settings;

    DeepJudgment(ModelSession session, DeepJudgmentSettings settings) {
        this.session = session;
        this.settings = settings;
    }

    Result judge(JudgeInputs.TemplateAnswer answer) {
        List<String> stages = new ArrayList<>();
        int calls = 0;
        Map<String, List<Excerpt>> excerpts = null;
        List<String> withoutExcerpts = List.of();
        int retries = 0;
        if (settings.effectiveMode().extractsExcerpts()) {
            ExcerptRound round = null;
            String feedback = null;
            for (int attempt = 0; attempt <= settings.effectiveRetries(); attempt++) {
                JsonNode quoted = session.ask(JudgeTasks.DJ_TEMPLATE_EXCERPTS, new JudgeInputs.TemplateExcerpts(answer.question(),
                        answer.response(), answer.template(), settings.effectiveMaxExcerpts(), feedback));
                calls++;
                round = validate(answer, quoted);
                if (round.rejected().isEmpty() || attempt == settings.effectiveRetries()) {
                    break;
                }
                feedback = ExcerptCheck.feedback(round.rejected(), settings.effectiveThreshold());
                retries++;
            }
            excerpts = round.valid();
            withoutExcerpts = excerpts.entrySet().stream().filter(entry -> entry.getValue().isEmpty()).map(Map.Entry::getKey).toList();
            stages.add(EXCERPTS);
        }
        Map<String, String> reasoning = session.ask(JudgeTasks.DJ_TEMPLATE_REASONING,
                new JudgeInputs.TemplateReasoning(answer.question(), answer.response(), answer.template(), excerpts));
        calls++;
        stages.add(REASONING);
        JsonNode parsed = session.ask(JudgeTasks.PARSING_FROM_REASONING,
                new JudgeInputs.ReasonedParsing(answer.question(), answer.response(), answer.template(), reasoning));
        calls++;
        stages.add(PARAMETERS);
        return new Result(parsed, new DeepJudgmentTrace(settings.effectiveMode(), excerpts, reasoning, withoutExcerpts, null,
                stages, calls, retries));
    }

    /** One excerpt call's quotes, per attribute in template order, and those not found in the response. */
    private record ExcerptRound(Map<String, List<Excerpt>> valid, List<ExcerptCheck.Rejected> rejected) {
    }

    private ExcerptRound validate(JudgeInputs.TemplateAnswer answer, JsonNode quoted) {
        Map<String, List<Excerpt>> valid = new LinkedHashMap<>();
        List<ExcerptCheck.Rejected> rejected = new ArrayList<>();
        for (String attribute : answer.template().fields().keySet()) {
            ExcerptCheck.Checked checked = ExcerptCheck.check(attribute, quoted.path(attribute), answer.response(),
                    settings.effectiveThreshold());
            valid.put(attribute, checked.valid());
            rejected.addAll(checked.rejected());
        }
        return new ExcerptRound(valid, rejected);
    }
}
