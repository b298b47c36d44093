package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.pipeline.DeepJudgmentTrace;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.judge.DeepJudgmentPrompts;
import dev.assay.common.prompt.judge.ExcerptCheck;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.core.search.ExcerptSearch;
import dev.assay.core.search.SearchTools;
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
    static final String HALLUCINATION = "hallucination";
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
    private final SearchTools searchTools;

    DeepJudgment(ModelSession session, DeepJudgmentSettings settings, SearchTools searchTools) {
        this.session = session;
        this.settings = settings;
        this.searchTools = searchTools;
    }

    Result judge(JudgeInputs.TemplateAnswer answer) {
        List<String> stages = new ArrayList<>();
        int calls = 0;
        Map<String, List<Excerpt>> excerpts = null;
        List<String> withoutExcerpts = List.of();
        int retries = 0;
        String searchFailure = null;
        Map<String, String> risk = null;
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
            if (settings.searches() && excerpts.values().stream().anyMatch(list -> !list.isEmpty())) {
                ExcerptSearch.Searched searched = ExcerptSearch.search(searchTools, settings.searchTool(), excerpts);
                searchFailure = searched.failure();
                if (searched.searched()) {
                    excerpts = assess(answer.question(), searched.excerpts());
                    calls++;
                    risk = attributeRisks(excerpts);
                    stages.add(HALLUCINATION);
                }
            }
        }
        Map<String, String> reasoning = session.ask(JudgeTasks.DJ_TEMPLATE_REASONING,
                new JudgeInputs.TemplateReasoning(answer.question(), answer.response(), answer.template(), excerpts));
        calls++;
        stages.add(REASONING);
        JsonNode parsed = session.ask(JudgeTasks.PARSING_FROM_REASONING,
                new JudgeInputs.ReasonedParsing(answer.question(), answer.response(), answer.template(), reasoning));
        calls++;
        stages.add(PARAMETERS);
        return new Result(parsed, new DeepJudgmentTrace(settings.effectiveMode(), excerpts, reasoning, withoutExcerpts, risk,
                stages, calls, retries, searchFailure));
    }

    /** One assessment call for every excerpt (Karenina's batch for templates); each excerpt gets the risk given for its id. */
    private Map<String, List<Excerpt>> assess(String question, Map<String, List<Excerpt>> searched) {
        List<JudgeInputs.SearchedExcerpt> asked = new ArrayList<>();
        searched.forEach((attribute, list) -> list.forEach(excerpt ->
                asked.add(new JudgeInputs.SearchedExcerpt("e" + (asked.size() + 1), attribute, excerpt))));
        Map<String, JudgeInputs.Risk> risks = session.ask(JudgeTasks.DJ_TEMPLATE_HALLUCINATION,
                new JudgeInputs.ExcerptAssessment(question, asked));
        Map<String, List<Excerpt>> assessed = new LinkedHashMap<>();
        searched.keySet().forEach(attribute -> assessed.put(attribute, new ArrayList<>()));
        for (JudgeInputs.SearchedExcerpt excerpt : asked) {
            JudgeInputs.Risk risk = risks.get(excerpt.id());
            assessed.get(excerpt.about()).add(risk == null ? excerpt.excerpt() : excerpt.excerpt().withRisk(risk.risk(), risk.justification()));
        }
        return assessed;
    }

    /** Per attribute with an assessed excerpt, the highest risk of its excerpts (Karenina's). */
    private static Map<String, String> attributeRisks(Map<String, List<Excerpt>> excerpts) {
        Map<String, String> risks = new LinkedHashMap<>();
        excerpts.forEach((attribute, list) -> {
            String highest = DeepJudgmentPrompts.highestRisk(list.stream().map(Excerpt::hallucinationRisk)
                    .filter(java.util.Objects::nonNull).toList());
            if (highest != null) {
                risks.put(attribute, highest);
            }
        });
        return risks;
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
