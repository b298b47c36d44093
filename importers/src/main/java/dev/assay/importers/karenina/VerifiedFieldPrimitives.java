package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.RegexCheck;
import dev.assay.common.template.primitive.TextNormalization;
import dev.assay.importers.python.PyExpr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Maps a {@code VerifiedField}'s {@code verify_with} primitive to Assay's, primitive by primitive,
 * with Karenina's defaults made explicit (its {@code ExactMatch} lowercases and strips, its
 * {@code SetContainment} and {@code ContainsAny} compare as written). Trace primitives, which read the
 * raw response, become regex checks. Primitives with no faithful counterpart are refused.
 */
final class VerifiedFieldPrimitives {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern ISO_DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Map<String, String> REGEX_FLAGS = Map.of("I", "ignore_case", "IGNORECASE", "ignore_case",
            "M", "multiline", "MULTILINE", "multiline", "S", "dotall", "DOTALL", "dotall");

    /**
     * One field's conversion.
     *
     * @param shape       the field's type, possibly changed (a DateMatch makes a date field)
     * @param groundTruth the ground truth to keep, or null when the primitive has its own reference
     * @param verify      the Assay primitive; null for a raw-response check
     * @param regexCheck  the regex check a trace primitive becomes; null otherwise
     * @param leftOut     what of the primitive was not converted (the verdict is the same), or null
     */
    record Mapped(FieldShape shape, JsonNode groundTruth, JsonNode verify, RegexCheck regexCheck, String leftOut) {
    }

    private VerifiedFieldPrimitives() {
    }

    static Mapped map(PyExpr.Call primitive, FieldShape shape, JsonNode truth, String field) {
        String where = "field " + field;
        String name = primitive.functionName();
        return switch (name) {
            case "ExactMatch" -> exact(PrimitiveArguments.of(primitive, where, Set.of("normalize")), shape, truth, where);
            case "BooleanMatch" -> {
                PrimitiveArguments.of(primitive, where, Set.of());
                require(shape.type() == FieldType.BOOLEAN && truth.isBoolean(), where, name, "a bool field with a True/False ground truth");
                yield plain(shape, truth, TextNode.valueOf("boolean"));
            }
            case "NumericExact" -> {
                PrimitiveArguments.of(primitive, where, Set.of());
                yield plain(shape, numericTruth(shape, truth, where, name), TextNode.valueOf("numeric_exact"));
            }
            case "NumericTolerance" -> tolerance(PrimitiveArguments.of(primitive, where, Set.of("tolerance", "mode")), shape, truth, where);
            case "NumericGraded" -> graded(PrimitiveArguments.of(primitive, where, Set.of("cutoff", "full_credit", "mode", "decay")),
                    shape, truth, where);
            case "NumericRange" -> range(PrimitiveArguments.of(primitive, where, Set.of("min", "max", "exclusive_min", "exclusive_max")),
                    shape, truth, where);
            case "NumericMinimum", "NumericMaximum" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("exclusive"));
                ObjectNode verify = NODES.objectNode().put("primitive", name.equals("NumericMinimum") ? "numeric_min" : "numeric_max");
                if (arguments.bool("exclusive", false)) {
                    verify.put("inclusive", false);
                }
                yield plain(shape, numericTruth(shape, truth, where, name), verify);
            }
            case "ContainsAny", "ContainsAll" -> contains(PrimitiveArguments.of(primitive, where, Set.of("substrings", "normalize")),
                    name, shape, truth, where);
            case "RegexMatch" -> regex(PrimitiveArguments.of(primitive, where, Set.of("pattern", "flags")), shape, truth, where);
            case "SetContainment" -> set(PrimitiveArguments.of(primitive, where, Set.of("mode", "min_overlap")), shape, truth, where);
            case "OrderedMatch" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("normalize"));
                require(shape.isTextList() && truth.isArray(), where, name, "a list[str] field with a list ground truth");
                ObjectNode verify = NODES.objectNode().put("primitive", "ordered_match");
                verify.set("normalizers", normalizers(arguments, List.of("lowercase", "strip"), where));
                yield plain(shape, truth, verify);
            }
            case "LiteralMatch" -> {
                PrimitiveArguments.of(primitive, where, Set.of());
                if (shape.type() == FieldType.LITERAL) {
                    yield plain(shape, literalTruth(shape, truth, where), TextNode.valueOf("literal"));
                }
                require(shape.isText() && truth.isTextual(), where, name, "a Literal or str field with a text ground truth");
                yield plain(shape, truth, NODES.objectNode().put("primitive", "exact").set("normalizers", NODES.arrayNode()));
            }
            case "DateMatch" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("format"));
                if (arguments.has("format")) {
                    throw new TemplateNotConvertible(where + ": DateMatch(format=...) parses with a strftime pattern; not mapped");
                }
                yield plain(dateShape(shape, where, name), isoDay(truth, where), TextNode.valueOf("date_exact"));
            }
            case "DateTolerance" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("tolerance", "unit"));
                if (!arguments.text("unit", "days").equals("days")) {
                    throw new TemplateNotConvertible(where + ": DateTolerance in " + arguments.text("unit", "days")
                            + "; Assay's date_tolerance counts whole days");
                }
                BigDecimal days = arguments.decimal("tolerance");
                require(days != null, where, name, "a tolerance");
                ObjectNode verify = NODES.objectNode().put("primitive", "date_tolerance");
                verify.set("days", arguments.number("tolerance"));
                yield plain(dateShape(shape, where, name), isoDay(truth, where), verify);
            }
            case "DateRange" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("min", "max"));
                ObjectNode verify = NODES.objectNode().put("primitive", "date_range");
                if (arguments.has("min")) {
                    verify.put("from", isoDay(TextNode.valueOf(arguments.text("min", null)), where).asText());
                }
                if (arguments.has("max")) {
                    verify.put("to", isoDay(TextNode.valueOf(arguments.text("max", null)), where).asText());
                }
                yield plain(dateShape(shape, where, name), truth.isTextual() && ISO_DAY.matcher(truth.asText()).matches() ? truth : null, verify);
            }
            case "TraceRegex" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("pattern", "count_min"));
                JsonNode count = arguments.number("count_min");
                if (count != null && count.decimalValue().compareTo(BigDecimal.ONE) > 0) {
                    throw new TemplateNotConvertible(where + ": TraceRegex(count_min=" + count + ") counts matches; Assay's regex "
                            + "checks only look for one");
                }
                yield trace(arguments.text("pattern", null), shape, truth, where, name);
            }
            case "TraceContains" -> {
                PrimitiveArguments arguments = PrimitiveArguments.of(primitive, where, Set.of("substring"));
                String substring = arguments.text("substring", null);
                yield trace(substring == null ? null : Pattern.quote(substring), shape, truth, where, name);
            }
            case "SemanticMatch" -> throw new TemplateNotConvertible(where + ": SemanticMatch compares embeddings against a "
                    + "similarity threshold; Assay's semantic primitive asks a judge instead");
            case "TraceLength" -> throw new TemplateNotConvertible(where + ": TraceLength (the response's length) has no Assay primitive");
            default -> throw new TemplateNotConvertible(where + ": the primitive " + name + "() has no Assay equivalent");
        };
    }

    private static Mapped plain(FieldShape shape, JsonNode truth, JsonNode verify) {
        return new Mapped(shape, truth, verify, null, null);
    }

    private static Mapped exact(PrimitiveArguments arguments, FieldShape shape, JsonNode truth, String where) {
        require((shape.isText() || shape.type() == FieldType.LITERAL) && truth.isTextual(), where, "ExactMatch",
                "a str or Literal field with a text ground truth");
        ObjectNode verify = NODES.objectNode().put("primitive", "exact");
        verify.set("normalizers", normalizers(arguments, List.of("lowercase", "strip"), where));
        return plain(shape, shape.type() == FieldType.LITERAL ? literalTruth(shape, truth, where) : truth, verify);
    }

    private static Mapped tolerance(PrimitiveArguments arguments, FieldShape shape, JsonNode truth, String where) {
        String mode = arguments.text("mode", "relative");
        JsonNode tolerance = arguments.number("tolerance");
        require(tolerance != null && tolerance.decimalValue().signum() >= 0, where, "NumericTolerance", "a tolerance that is not negative");
        require(mode.equals("relative") || mode.equals("absolute"), where, "NumericTolerance", "mode relative or absolute");
        ObjectNode verify = NODES.objectNode().put("primitive", "numeric_tolerance");
        verify.set(mode, tolerance);
        return plain(shape, numericTruth(shape, truth, where, "NumericTolerance"), verify);
    }

    /** Pass/fail is a tolerance (the inner band when full_credit is set); the partial credit is left out. */
    private static Mapped graded(PrimitiveArguments arguments, FieldShape shape, JsonNode truth, String where) {
        String mode = arguments.text("mode", "relative");
        require(mode.equals("relative") || mode.equals("absolute"), where, "NumericGraded", "mode relative or absolute");
        JsonNode gate = arguments.has("full_credit") ? arguments.number("full_credit") : arguments.number("cutoff");
        require(gate != null && gate.decimalValue().signum() >= 0, where, "NumericGraded", "a cutoff");
        ObjectNode verify = NODES.objectNode().put("primitive", "numeric_tolerance");
        verify.set(mode, gate);
        return new Mapped(shape, numericTruth(shape, truth, where, "NumericGraded"), verify, null,
                where + ": NumericGraded's partial credit is not converted (pass/fail is the same: within " + gate.asText() + ", " + mode + ")");
    }

    private static Mapped range(PrimitiveArguments arguments, FieldShape shape, JsonNode truth, String where) {
        require(shape.isNumeric(), where, "NumericRange", "an int or float field");
        JsonNode min = arguments.number("min");
        JsonNode max = arguments.number("max");
        boolean minInclusive = !arguments.bool("exclusive_min", false);
        boolean maxInclusive = !arguments.bool("exclusive_max", false);
        ObjectNode verify = NODES.objectNode();
        if (min != null && max != null) {
            verify.put("primitive", "numeric_range").set("min", min);
            verify.set("max", max);
            if (!minInclusive) {
                verify.put("min_inclusive", false);
            }
            if (!maxInclusive) {
                verify.put("max_inclusive", false);
            }
        } else if (min != null || max != null) {
            verify.put("primitive", min != null ? "numeric_min" : "numeric_max").set(min != null ? "min" : "max", min != null ? min : max);
            if (!(min != null ? minInclusive : maxInclusive)) {
                verify.put("inclusive", false);
            }
        } else {
            throw new TemplateNotConvertible(where + ": NumericRange without min or max passes every number; not mapped");
        }
        JsonNode kept = truth.isNumber() && (shape.type() != FieldType.INTEGER || truth.isIntegralNumber()) ? truth : null;
        return plain(shape, kept, verify);
    }

    private static Mapped contains(PrimitiveArguments arguments, String name, FieldShape shape, JsonNode truth, String where) {
        // Karenina searches str(value): only in a text field is that the text Assay searches
        require(shape.isText(), where, name, "a str field");
        List<String> substrings = arguments.texts("substrings", null);
        require(substrings != null && !substrings.isEmpty(), where, name, "substrings");
        ObjectNode verify = NODES.objectNode().put("primitive", name.equals("ContainsAny") ? "contains_any" : "contains_all");
        ArrayNode terms = verify.putArray("terms");
        substrings.forEach(terms::add);
        verify.set("normalizers", normalizers(arguments, List.of(), where));
        return plain(shape, truth.isTextual() ? truth : null, verify);
    }

    private static Mapped regex(PrimitiveArguments arguments, FieldShape shape, JsonNode truth, String where) {
        require(shape.isText() || shape.type() == FieldType.LITERAL, where, "RegexMatch", "a str or Literal field");
        String pattern = arguments.text("pattern", null);
        require(pattern != null, where, "RegexMatch", "a pattern");
        ObjectNode verify = NODES.objectNode().put("primitive", "regex").put("pattern", pattern);
        List<String> flags = arguments.texts("flags", List.of());
        if (!flags.isEmpty()) {
            ArrayNode assayFlags = verify.putArray("flags");
            for (String flag : flags) {
                String assay = REGEX_FLAGS.get(flag.startsWith("re.") ? flag.substring(3) : flag);
                if (assay == null) {
                    throw new TemplateNotConvertible(where + ": RegexMatch flag " + flag + " has no Assay counterpart "
                            + "(ignore_case, multiline, dotall)");
                }
                assayFlags.add(assay);
            }
        }
        boolean keepTruth = truth.isTextual() && (shape.isText() || shape.values().contains(truth.asText()));
        return plain(shape, keepTruth ? truth : null, verify);
    }

    private static Mapped set(PrimitiveArguments arguments, FieldShape shape, JsonNode truth, String where) {
        require(shape.type() == FieldType.LIST && truth.isArray(), where, "SetContainment", "a list field with a list ground truth");
        String mode = arguments.text("mode", "exact");
        String assayMode = switch (mode) {
            case "exact" -> "equal";
            case "subset", "superset" -> mode;
            default -> throw new TemplateNotConvertible(where + ": SetContainment(mode=\"" + mode + "\") has no Assay set_containment mode");
        };
        ObjectNode verify = NODES.objectNode().put("primitive", "set_containment").put("mode", assayMode);
        if (shape.isTextList()) {
            verify.putArray("normalizers");
        }
        return plain(shape, truth, verify);
    }

    /** A raw-response check: passes when the pattern is found, or — with a False ground truth — when it is not. */
    private static Mapped trace(String pattern, FieldShape shape, JsonNode truth, String where, String name) {
        require(pattern != null, where, name, "a pattern or substring");
        require(truth.isBoolean(), where, name, "a True/False ground truth (whether the response should match)");
        RegexCheck check = new RegexCheck(pattern, truth.booleanValue() ? null : RegexCheck.NOT_MATCH, null);
        return new Mapped(shape, null, null, check, null);
    }

    /** Karenina's normalizer names; its collapse_whitespace also strips. */
    private static JsonNode normalizers(PrimitiveArguments arguments, List<String> defaults, String where) {
        if (arguments.has("normalize")) {
            for (PyExpr item : arguments.list("normalize")) {
                if (!(item instanceof PyExpr.Str)) {
                    throw new TemplateNotConvertible(where + ": a SynonymMap normalizer (or another that is not a name) is not mapped");
                }
            }
        }
        List<String> assay = new ArrayList<>();
        for (String normalizer : arguments.texts("normalize", defaults)) {
            List<String> mapped = switch (normalizer) {
                case "lowercase" -> List.of(TextNormalization.LOWERCASE);
                case "strip" -> List.of(TextNormalization.STRIP);
                case "remove_punctuation" -> List.of(TextNormalization.REMOVE_PUNCTUATION);
                case "collapse_whitespace" -> List.of(TextNormalization.COLLAPSE_WHITESPACE, TextNormalization.STRIP);
                default -> throw new TemplateNotConvertible(where + ": the normalizer \"" + normalizer + "\" is not one Karenina defines");
            };
            for (String name : mapped) {
                if (assay.isEmpty() || !assay.getLast().equals(name)) {
                    assay.add(name);
                }
            }
        }
        ArrayNode array = NODES.arrayNode();
        assay.forEach(array::add);
        return array;
    }

    private static JsonNode numericTruth(FieldShape shape, JsonNode truth, String where, String name) {
        require(shape.isNumeric() && truth.isNumber(), where, name, "an int or float field with a number ground truth");
        return shape.type() == FieldType.INTEGER && truth.isIntegralNumber() ? truth
                : shape.type() == FieldType.INTEGER && truth.decimalValue().stripTrailingZeros().scale() <= 0
                ? PythonValues.integer(truth.decimalValue().toBigIntegerExact()) : truth;
    }

    private static JsonNode literalTruth(FieldShape shape, JsonNode truth, String where) {
        if (!truth.isTextual() || !shape.values().contains(truth.asText())) {
            throw new TemplateNotConvertible(where + ": the ground truth " + truth + " is not one of the Literal's values " + shape.values());
        }
        return truth;
    }

    private static FieldShape dateShape(FieldShape shape, String where, String name) {
        require(shape.isText() || shape.type() == FieldType.DATE, where, name, "a str or date field");
        return shape.withType(FieldType.DATE);
    }

    private static JsonNode isoDay(JsonNode truth, String where) {
        if (!truth.isTextual() || !ISO_DAY.matcher(truth.asText()).matches()) {
            throw new TemplateNotConvertible(where + ": the date " + truth + " is not written YYYY-MM-DD");
        }
        return truth;
    }

    private static void require(boolean condition, String where, String primitive, String what) {
        if (!condition) {
            throw new TemplateNotConvertible(where + ": " + primitive + " is mapped on " + what + " only");
        }
    }
}
