package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of verification primitives, by name. The built-in ones are listed here; more can be
 * added without touching this class by a {@link VerificationPrimitive} implementation named in
 * {@code META-INF/services/dev.assay.common.template.primitive.VerificationPrimitive}. Two
 * primitives with one name are refused at start-up, so a name always means one thing.
 *
 * <p>A field's {@code verify} is a primitive's name ({@code verify: exact}) or a mapping with
 * {@code primitive} and its parameters ({@code verify: {primitive: numeric_tolerance, absolute: 0.5}});
 * without it, the field type's default applies (see {@link #defaultFor}).
 */
public final class Primitives {

    private static final List<VerificationPrimitive> BUILT_IN = List.of(
            new Exact(), new BooleanMatch(), new ContainsAny(), new ContainsAll(), new RegexMatch(),
            new NumericExact(), new NumericTolerance(), new NumericRange(), new NumericMin(), new NumericMax(),
            new SetContainment(), new OrderedMatch(), new LiteralMatch(),
            new DateExact(), new DateTolerance(), new DateRange(), new Semantic());

    private static final Map<String, VerificationPrimitive> BY_NAME = load();

    private Primitives() {
    }

    private static Map<String, VerificationPrimitive> load() {
        Map<String, VerificationPrimitive> byName = new LinkedHashMap<>();
        List<VerificationPrimitive> all = new ArrayList<>(BUILT_IN);
        ServiceLoader.load(VerificationPrimitive.class, Primitives.class.getClassLoader()).forEach(all::add);
        for (VerificationPrimitive primitive : all) {
            VerificationPrimitive previous = byName.putIfAbsent(primitive.name(), primitive);
            if (previous != null) {
                throw new IllegalStateException("two verification primitives are named " + primitive.name() + ": "
                        + previous.getClass().getName() + " and " + primitive.getClass().getName());
            }
        }
        return Collections.unmodifiableMap(byName);
    }

    public static Optional<VerificationPrimitive> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /**
     * The primitive used when a field has no {@code verify}: the strictest sensible check for its type.
     * Text and lists of anything compare exactly (text ignoring surrounding whitespace), numbers by
     * value, dates by day, lists in order.
     */
    public static String defaultFor(FieldType type) {
        return switch (type) {
            case STRING -> Exact.NAME;
            case INTEGER, NUMBER -> NumericExact.NAME;
            case BOOLEAN -> BooleanMatch.NAME;
            case LITERAL -> LiteralMatch.NAME;
            case DATE -> DateExact.NAME;
            case LIST -> OrderedMatch.NAME;
        };
    }

    /** Checks a field's {@code verify} at load time, reporting under {@code fieldPath.verify}. */
    public static void validate(TemplateField field, String fieldPath, Problems problems) {
        resolve(field, fieldPath, problems);
    }

    /** The field's verification, ready to use; throws when the field was not validated first. */
    public static Verification of(TemplateField field) {
        Problems problems = new Problems();
        Verification verification = resolve(field, "", problems);
        if (verification == null || !problems.isEmpty()) {
            throw new IllegalArgumentException("the template field was not validated: " + problems.errors());
        }
        return verification;
    }

    /** Whether any field of these is checked by a primitive that needs a judge. */
    public static boolean needsJudge(TemplateField field) {
        return primitiveName(field.verify(), field.type()).flatMap(Primitives::find).map(VerificationPrimitive::needsJudge).orElse(false);
    }

    private static Optional<String> primitiveName(JsonNode verify, FieldType type) {
        if (verify == null || verify.isNull()) {
            return type == null ? Optional.empty() : Optional.of(defaultFor(type));
        }
        if (verify.isTextual()) {
            return Optional.of(verify.asText());
        }
        if (verify.isObject() && verify.path("primitive").isTextual()) {
            return Optional.of(verify.get("primitive").asText());
        }
        return Optional.empty();
    }

    private static Verification resolve(TemplateField field, String fieldPath, Problems problems) {
        if (field.type() == null) {
            return null;
        }
        String path = Problems.field(fieldPath, "verify");
        JsonNode verify = field.verify();
        ObjectNode values = null;
        String namePath = path;
        if (verify != null && verify.isObject()) {
            namePath = Problems.field(path, "primitive");
            if (!verify.path("primitive").isTextual()) {
                problems.add(namePath, "is required: the name of the primitive (one of " + String.join(", ", names()) + ")");
                return null;
            }
            values = verify.deepCopy();
            values.remove("primitive");
        } else if (verify != null && !verify.isNull() && !verify.isTextual()) {
            problems.add(path, "must be a primitive's name (verify: exact) or a mapping with its parameters"
                    + " (verify: {primitive: numeric_tolerance, absolute: 0.5}), got " + verify);
            return null;
        }
        String name = primitiveName(verify, field.type()).orElseThrow();
        VerificationPrimitive primitive = BY_NAME.get(name);
        if (primitive == null) {
            String suggestion = Suggestions.didYouMean(name, names());
            problems.add(namePath, "unknown primitive \"" + name + "\"" + suggestion
                    + (suggestion.isEmpty() ? "; known primitives: " + String.join(", ", names()) : ""));
            return null;
        }
        if (!primitive.fieldTypes().contains(field.type())) {
            problems.add(namePath, "the " + name + " primitive does not check " + field.type().wireName() + " fields (it checks "
                    + String.join(", ", primitive.fieldTypes().stream().sorted().map(FieldType::wireName).toList()) + ")");
            return null;
        }
        Params params = new Params(name, values, field, fieldPath, problems);
        int before = problems.errors().size();
        FieldCheck check = primitive.configure(params);
        params.reportUnknown();
        if (check == null || problems.errors().size() > before) {
            return null;
        }
        return new Verification(primitive, params, check);
    }
}
