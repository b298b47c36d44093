package dev.assay.stage.rubric.trait.metric;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.MetricScores;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.MetricPrompt;
import dev.assay.common.prompt.judge.MetricSchema;
import dev.assay.core.llm.AnswerCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a metric trait's answer ({@link MetricSchema}): checks that every instruction is
 * classified exactly once, and turns the numbers back into the instructions' text for the
 * confusion lists.
 */
public final class MetricAnswer {

    private MetricAnswer() {
    }

    /** The gateway's check: the answer's problems, so that the judge repairs them. */
    public static AnswerCheck check(RubricTrait trait) {
        return answer -> problems(trait, answer);
    }

    /** Every instruction left out, listed twice, or numbered beyond its list; empty when the answer is usable. */
    public static List<String> problems(RubricTrait trait, JsonNode answer) {
        List<String> problems = new ArrayList<>();
        classifiedOnce(answer, MetricPrompt.SHOULD_CONTAIN, count(trait.tpInstructions()), MetricSchema.SATISFIED,
                MetricSchema.MISSED, problems);
        if (trait.isFullMatrix()) {
            classifiedOnce(answer, MetricPrompt.SHOULD_NOT_CONTAIN, count(trait.tnInstructions()), MetricSchema.VIOLATED,
                    MetricSchema.RESPECTED, problems);
        }
        return problems;
    }

    /** The trait's score: the confusion lists, the figures, and F1 as the score. Call on an answer without {@link #problems}. */
    public static TraitScore score(RubricTrait trait, JsonNode answer) {
        List<String> tp = instructions(trait.tpInstructions(), answer.get(MetricSchema.SATISFIED));
        List<String> fn = instructions(trait.tpInstructions(), answer.get(MetricSchema.MISSED));
        List<String> tn;
        List<String> fp;
        if (trait.isFullMatrix()) {
            tn = instructions(trait.tnInstructions(), answer.get(MetricSchema.RESPECTED));
            fp = instructions(trait.tnInstructions(), answer.get(MetricSchema.VIOLATED));
        } else {
            tn = List.of();
            fp = statements(answer.get(MetricSchema.UNMATCHED));
        }
        MetricScores metrics = MetricArithmetic.of(trait.effectiveMode(), tp, fn, tn, fp);
        JsonNode reasoning = answer.get(MetricSchema.REASONING);
        String reasoningText = reasoning == null || !reasoning.isTextual() || reasoning.asText().isBlank() ? null
                : reasoning.asText().strip();
        return TraitScore.builder(trait.name(), trait.kind()).score(metrics.f1()).reasoning(reasoningText).metrics(metrics).build();
    }

    private static void classifiedOnce(JsonNode answer, String list, int count, String yes, String no, List<String> problems) {
        // number -> the classes it was put in, in the order the judge listed them
        Map<Integer, List<String>> placed = new TreeMap<>();
        for (String field : List.of(yes, no)) {
            for (JsonNode number : elements(answer.get(field))) {
                if (!number.canConvertToExactIntegral() || number.asInt() < 1 || number.asInt() > count) {
                    problems.add(field + " lists " + number + ", but " + list + " has instructions 1 to " + count);
                } else {
                    placed.computeIfAbsent(number.asInt(), any -> new ArrayList<>()).add(field);
                }
            }
        }
        for (int i = 1; i <= count; i++) {
            List<String> classes = placed.getOrDefault(i, List.of());
            if (classes.isEmpty()) {
                problems.add(list + " instruction " + i + " is in neither " + yes + " nor " + no
                        + "; put each instruction in exactly one of them");
            } else if (classes.size() > 1) {
                problems.add(list + " instruction " + i + " is listed " + classes.size() + " times (" + String.join(", ", classes)
                        + "); put each instruction in exactly one of " + yes + " and " + no);
            }
        }
    }

    private static List<String> instructions(List<String> instructions, JsonNode numbers) {
        List<String> texts = new ArrayList<>();
        for (JsonNode number : elements(numbers)) {
            texts.add(instructions.get(number.asInt() - 1));
        }
        return texts;
    }

    private static List<String> statements(JsonNode statements) {
        List<String> texts = new ArrayList<>();
        for (JsonNode statement : elements(statements)) {
            if (statement.isTextual() && !statement.asText().isBlank()) {
                texts.add(statement.asText().strip());
            }
        }
        return texts;
    }

    private static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> elements = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(elements::add);
        }
        return elements;
    }

    private static int count(List<String> instructions) {
        return instructions == null ? 0 : instructions.size();
    }
}
