package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.DeepJudgmentTrace;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.judge.DeepJudgmentPrompts;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.text.ExcerptMatch;
import dev.assay.core.session.ModelSession;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Deep judgment of a template (Karenina's): in {@code full} mode the judge quotes excerpts per
 * attribute, each checked against the response ({@link ExcerptMatch}) and the call repeated with
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
                feedback = feedback(round.rejected());
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

    /** A quote the response does not contain, with how much of it was found. */
    record Rejected(String attribute, String text, double similarity) {
    }

    /** One excerpt call's quotes, split into those found in the response (per attribute, in template order) and the rest. */
    record ExcerptRound(Map<String, List<Excerpt>> valid, List<Rejected> rejected) {
    }

    private ExcerptRound validate(JudgeInputs.TemplateAnswer answer, JsonNode quoted) {
        Map<String, List<Excerpt>> valid = new LinkedHashMap<>();
        List<Rejected> rejected = new ArrayList<>();
        for (String attribute : answer.template().fields().keySet()) {
            List<Excerpt> found = new ArrayList<>();
            for (JsonNode item : quoted.path(attribute)) {
                String text = item.path("text").asText("");
                if (text.isBlank()) {
                    continue;
                }
                double similarity = ExcerptMatch.similarity(text, answer.response());
                if (similarity >= settings.effectiveThreshold()) {
                    found.add(new Excerpt(text, confidence(item.path("confidence").asText("")), similarity));
                } else {
                    rejected.add(new Rejected(attribute, text, similarity));
                }
            }
            valid.put(attribute, found);
        }
        return new ExcerptRound(valid, rejected);
    }

    private static String confidence(String given) {
        String value = given.toLowerCase(Locale.ROOT);
        return DeepJudgmentPrompts.CONFIDENCES.contains(value) ? value : "medium";
    }

    /** What the retry is told: which quotes were not found, so it can copy them exactly or drop them. */
    private String feedback(List<Rejected> rejected) {
        StringBuilder text = new StringBuilder("These excerpts from your previous answer are not in the response (similarity below ")
                .append(String.format(Locale.ROOT, "%.2f", settings.effectiveThreshold())).append("):");
        for (Rejected quote : rejected) {
            text.append("\n- ").append(quote.attribute()).append(": \"").append(quote.text()).append("\" (similarity ")
                    .append(String.format(Locale.ROOT, "%.2f", quote.similarity())).append(')');
        }
        return text.append("\nCopy each excerpt exactly as it appears in the response, or give an empty list when the response has none.")
                .toString();
    }
}
