package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ValidationError;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * Converts one schema.org {@code Rating} of a checkpoint into an Assay trait, by its
 * {@code additionalType} (with or without the {@code karenina:} prefix, Global or QuestionSpecific):
 * LLM traits are boolean or score by their best/worst rating, or literal by an explicit
 * {@code kind}; regex traits carry pattern, case_sensitive and invert_result; metric traits their
 * instructions and evaluation mode; dynamic traits wrap any of these with a summary. Callable,
 * agentic and manual traits are not converted, with the reason.
 */
final class RatingTraits {

    /**
     * @param trait   the trait, or null when it was not converted
     * @param dynamic a dynamic trait (scored when a presence check finds its summary)
     * @param reasons with a trait: what of it was left out; without: why it was not converted
     */
    record TraitConversion(RubricTrait trait, boolean dynamic, List<String> reasons) {
        TraitConversion {
            reasons = List.copyOf(reasons);
        }

        static TraitConversion leftOut(String reason) {
            return new TraitConversion(null, false, List.of(reason));
        }
    }

    private static final Pattern SCOPE = Pattern.compile("^(karenina:)?(Global|QuestionSpecific)?");

    private RatingTraits() {
    }

    /** @param where the rating's place, for ratings without a name ({@code rating[2]}) */
    static TraitConversion convert(JsonNode rating, String where) {
        if (!rating.isObject()) {
            return TraitConversion.leftOut(where + ": not a Rating object; left out");
        }
        String name = rating.path("name").isTextual() ? rating.get("name").asText().strip() : "";
        if (name.isEmpty()) {
            return TraitConversion.leftOut(where + ": a rating without a name; left out");
        }
        String label = "trait \"" + name + "\"";
        String type = rating.path("additionalType").isTextual() ? rating.get("additionalType").asText() : null;
        String kind = type == null ? "RubricTrait" : SCOPE.matcher(type).replaceFirst("");
        PropertyValues properties = PropertyValues.of(rating.get("additionalProperty"));
        String description = rating.path("description").isTextual() ? rating.get("description").asText() : null;
        TraitConversion converted = switch (kind) {
            case "RubricTrait", "LLMRubricTrait" -> llm(rating, name, description, properties, label);
            case "RegexTrait", "RegexRubricTrait" -> regex(name, description, properties, label);
            case "MetricRubricTrait", "MetricTrait" -> metric(name, description, properties, label);
            case "DynamicRubricTrait" -> dynamic((ObjectNode) rating, properties, where, label);
            case "CallableTrait", "CallableRubricTrait" -> TraitConversion.leftOut(label + ": a callable trait (Python code, pickled "
                    + "in callable_code) is not converted: an import never runs code from a checkpoint");
            case "AgenticRubricTrait" -> TraitConversion.leftOut(label + ": an agentic trait investigates a workspace with its "
                    + "agent's built-in tools, which the checkpoint does not name; not converted (write it as kind: agentic with the "
                    + "tools in its agent block, docs/rubrics.md)");
            case "ManualRubricTrait" -> TraitConversion.leftOut(label + ": a manual trait (a legacy kind Karenina itself no longer "
                    + "loads) is not converted");
            default -> TraitConversion.leftOut(label + ": unknown additionalType \"" + type + "\"; not converted");
        };
        return validated(converted, label);
    }

    /** Boolean or score by best/worst rating (1/0 is boolean), literal by an explicit kind with its classes. */
    private static TraitConversion llm(JsonNode rating, String name, String description, PropertyValues properties, String label) {
        if (description == null || description.isBlank()) {
            return TraitConversion.leftOut(label + ": no description, and the judge needs one; not converted");
        }
        List<String> leftOut = new ArrayList<>();
        boolean higherIsBetter = properties.bool("higher_is_better").orElse(true);
        TraitDeepJudgmentSettings deepJudgment = deepJudgment(rating, properties);
        String kind = properties.text("kind").orElse(null);
        if (deepJudgment != null && "literal".equals(kind)) {
            leftOut.add(label + ": deep judgment of a literal trait is not converted (Assay deep-judges boolean and score traits); "
                    + "the trait is judged on the whole response");
        }
        Optional<BigDecimal> best = number(rating.get("bestRating"));
        Optional<BigDecimal> worst = number(rating.get("worstRating"));
        if ("literal".equals(kind)) {
            Map<String, String> classes = classes(properties);
            if (classes == null) {
                return TraitConversion.leftOut(label + ": a literal trait whose classes are not a mapping of names to "
                        + "descriptions; not converted");
            }
            direction(higherIsBetter, label, "literal", leftOut);
            return new TraitConversion(RubricTrait.literalTrait(name, description, classes), false, leftOut);
        }
        boolean isBoolean = "boolean".equals(kind) || "binary".equals(kind) || kind == null
                && best.filter(b -> b.compareTo(BigDecimal.ONE) == 0).isPresent() && worst.filter(w -> w.signum() == 0).isPresent();
        if (isBoolean) {
            direction(higherIsBetter, label, "boolean", leftOut);
            return new TraitConversion(RubricTrait.booleanTrait(name, description).toBuilder().deepJudgment(deepJudgment).build(),
                    false, leftOut);
        }
        if (kind != null && !kind.equals("score")) {
            return TraitConversion.leftOut(label + ": unknown kind \"" + kind + "\"; not converted");
        }
        if (best.isEmpty() || worst.isEmpty()) {
            return TraitConversion.leftOut(label + ": bestRating and worstRating must be numbers (they make it boolean or a score); "
                    + "not converted");
        }
        if (!whole(best.get()) || !whole(worst.get()) || worst.get().compareTo(best.get()) >= 0) {
            return TraitConversion.leftOut(label + ": a score from " + worst.get().toPlainString() + " to " + best.get().toPlainString()
                    + " is not a range of whole numbers; not converted");
        }
        return new TraitConversion(RubricTrait.scoreTrait(name, description, worst.get().intValueExact(), best.get().intValueExact(),
                higherIsBetter ? null : Boolean.FALSE).toBuilder().deepJudgment(deepJudgment).build(), false, leftOut);
    }

    /**
     * The trait's own deep judgment (Karenina's {@code deep_judgment_*} trait fields, what its
     * {@code use_checkpoint} mode reads), when {@code deep_judgment_enabled}; null otherwise.
     */
    private static TraitDeepJudgmentSettings deepJudgment(JsonNode rating, PropertyValues properties) {
        if (!flag(rating, properties, "deep_judgment_enabled").orElse(false)) {
            return null;
        }
        return new TraitDeepJudgmentSettings(true, flag(rating, properties, "deep_judgment_excerpt_enabled").orElse(null),
                value(rating, properties, "deep_judgment_max_excerpts").filter(JsonNode::canConvertToInt).map(JsonNode::asInt).orElse(null),
                value(rating, properties, "deep_judgment_fuzzy_match_threshold").filter(JsonNode::isNumber).map(JsonNode::asDouble).orElse(null),
                value(rating, properties, "deep_judgment_excerpt_retry_attempts").filter(JsonNode::canConvertToInt).map(JsonNode::asInt)
                        .orElse(null),
                flag(rating, properties, "deep_judgment_search_enabled").orElse(null));
    }

    private static Optional<Boolean> flag(JsonNode rating, PropertyValues properties, String name) {
        return value(rating, properties, name).filter(JsonNode::isBoolean).map(JsonNode::booleanValue);
    }

    /** A trait field from its additionalProperty, else from the rating itself. */
    private static Optional<JsonNode> value(JsonNode rating, PropertyValues properties, String name) {
        Optional<JsonNode> property = properties.decoded(name).filter(node -> !node.isNull());
        return property.isPresent() ? property : Optional.ofNullable(rating.get(name)).filter(node -> node.isValueNode() && !node.isNull());
    }

    private static void direction(boolean higherIsBetter, String label, String kind, List<String> leftOut) {
        if (!higherIsBetter) {
            leftOut.add(label + ": higher_is_better false is not converted (Assay's " + kind + " traits have no direction)");
        }
    }

    private static Map<String, String> classes(PropertyValues properties) {
        JsonNode classes = properties.decoded("classes").orElse(null);
        if (classes == null || !classes.isObject()) {
            return null;
        }
        Map<String, String> byName = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : classes.properties()) {
            if (!entry.getValue().isTextual()) {
                return null;
            }
            byName.put(entry.getKey(), entry.getValue().asText());
        }
        return byName;
    }

    private static TraitConversion regex(String name, String description, PropertyValues properties, String label) {
        String pattern = properties.text("pattern").orElse(null);
        if (pattern == null || pattern.isEmpty()) {
            return TraitConversion.leftOut(label + ": a regex trait without a pattern; not converted");
        }
        boolean caseSensitive = properties.bool("case_sensitive").orElse(true);
        // older checkpoints wrote "invert"
        boolean invert = properties.bool("invert_result").or(() -> properties.bool("invert")).orElse(false);
        try {
            Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            return TraitConversion.leftOut(label + ": its pattern is not a regular expression Java reads (" + e.getDescription()
                    + " near index " + e.getIndex() + "); not converted");
        }
        RubricTrait trait = RubricTrait.builder(name, RubricTrait.REGEX)
                .description(description)
                .pattern(pattern)
                .caseSensitive(caseSensitive ? null : Boolean.FALSE)
                .invert(invert ? Boolean.TRUE : null)
                .build();
        return new TraitConversion(trait, false, List.of());
    }

    /** tp_only and full_matrix as they are; the GUI's older tp_and_tn is full_matrix; tn_only has no Assay mode. */
    private static TraitConversion metric(String name, String description, PropertyValues properties, String label) {
        String mode = properties.text("evaluation_mode").orElse(RubricTrait.TP_ONLY);
        Boolean fullMatrix = switch (mode) {
            case "tp_only" -> false;
            case "full_matrix", "tp_and_tn" -> true;
            default -> null;
        };
        if (fullMatrix == null) {
            return TraitConversion.leftOut(label + ": evaluation mode \"" + mode + "\" has no Assay metric mode (tp_only, "
                    + "full_matrix); not converted");
        }
        boolean full = fullMatrix;
        List<String> tp = instructions(properties, "tp_instructions");
        List<String> tn = instructions(properties, "tn_instructions");
        if (tp == null || tp.isEmpty()) {
            return TraitConversion.leftOut(label + ": a metric trait without tp_instructions; not converted");
        }
        List<String> leftOut = new ArrayList<>();
        if (full && (tn == null || tn.isEmpty())) {
            return TraitConversion.leftOut(label + ": full_matrix mode without tn_instructions; not converted");
        }
        if (!full && tn != null && !tn.isEmpty()) {
            leftOut.add(label + ": tn_instructions are not used in tp_only mode; left out");
        }
        return new TraitConversion(RubricTrait.metricTrait(name, description, tp, full ? tn : null,
                full ? RubricTrait.FULL_MATRIX : null), false, leftOut);
    }

    private static List<String> instructions(PropertyValues properties, String name) {
        JsonNode list = properties.decoded(name).orElse(null);
        if (list == null || !list.isArray()) {
            return null;
        }
        List<String> instructions = new ArrayList<>();
        for (JsonNode item : list) {
            if (!item.isTextual()) {
                return null;
            }
            instructions.add(item.asText());
        }
        return instructions;
    }

    /** The wrapped trait by its dynamic_trait_type, with its summary: what the presence check looks for. */
    private static TraitConversion dynamic(ObjectNode rating, PropertyValues properties, String where, String label) {
        String tag = properties.text("dynamic_trait_type").orElse("llm");
        String inner = switch (tag) {
            case "llm" -> "LLMRubricTrait";
            case "regex" -> "RegexTrait";
            case "metric" -> "MetricRubricTrait";
            case "callable" -> "CallableTrait";
            case "agentic" -> "AgenticRubricTrait";
            default -> null;
        };
        if (inner == null) {
            return TraitConversion.leftOut(label + ": unknown dynamic_trait_type \"" + tag + "\"; not converted");
        }
        ObjectNode wrapped = rating.deepCopy();
        wrapped.put("additionalType", inner);
        TraitConversion converted = convert(wrapped, where);
        if (converted.trait() == null) {
            return converted;
        }
        String summary = properties.text("summary").orElse(null);
        RubricTrait trait = summary == null ? converted.trait() : converted.trait().withSummary(summary);
        return new TraitConversion(trait, true, converted.reasons());
    }

    /** A safety net: a trait Assay would refuse is reported, never written. */
    private static TraitConversion validated(TraitConversion conversion, String label) {
        if (conversion.trait() == null) {
            return conversion;
        }
        Problems problems = new Problems();
        conversion.trait().validate("trait", problems);
        if (conversion.dynamic() && (conversion.trait().concept() == null || conversion.trait().concept().isBlank())) {
            problems.add("trait.summary", "a dynamic trait needs a summary or a description");
        }
        if (problems.isEmpty()) {
            return conversion;
        }
        String errors = problems.errors().stream().map(ValidationError::toString).collect(Collectors.joining("; "));
        return TraitConversion.leftOut(label + ": its Assay form would not be valid (" + errors + "); not converted");
    }

    private static Optional<BigDecimal> number(JsonNode node) {
        return node != null && node.isNumber() ? Optional.of(node.decimalValue()) : Optional.empty();
    }

    private static boolean whole(BigDecimal number) {
        return number.stripTrailingZeros().scale() <= 0;
    }
}
