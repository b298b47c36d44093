package dev.assay.importers.karenina;

import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.python.PyExpr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts a template in Karenina's common generated pattern: typed fields with
 * {@code Field(description=...)}, the ground truth set in {@code model_post_init} or
 * {@code ground_truth()} as {@code self.correct = {...}} (or no ground truth method, when verify()
 * compares with fixed values written in it), and a {@code verify()} comparing the fields with it
 * ({@link VerifyMethodReader}).
 */
final class GeneratedTemplate {

    private static final String POST_INIT = "model_post_init";
    private static final String GROUND_TRUTH = "ground_truth";
    private static final String VERIFY = "verify";
    private static final String VERIFY_GRANULAR = "verify_granular";

    private GeneratedTemplate() {
    }

    static TemplateReading convert(AnswerClass answer) {
        PyStatement.FunctionDef verify = answer.methods().get(VERIFY);
        if (verify == null) {
            throw new TemplateNotConvertible("the class has no verify()");
        }
        if (VerifyMethodReader.isPlaceholder(verify)) {
            return TemplateReading.placeholder();
        }
        if (answer.strategy() != null) {
            throw TemplateNotConvertible.at(answer.strategy(), "a VerificationStrategy without VerifiedField fields");
        }
        List<String> leftOut = new ArrayList<>();
        for (PyStatement.FunctionDef method : answer.methods().values()) {
            switch (method.name()) {
                case POST_INIT, GROUND_TRUTH, VERIFY -> {
                }
                case VERIFY_GRANULAR -> leftOut.add("template: verify_granular() is not converted; Assay's granular score is "
                        + "the weighted mean of the field scores");
                default -> throw TemplateNotConvertible.at(method, "method " + method.name() + "() is not part of the generated pattern");
            }
        }
        Map<String, FieldShape> shapes = new LinkedHashMap<>();
        Map<String, PydanticField> declared = new LinkedHashMap<>();
        for (AnswerClass.FieldDeclaration field : answer.fields()) {
            shapes.put(field.name(), FieldTypes.of(field.annotation(), field.name()));
            declared.put(field.name(), PydanticField.read(field));
        }
        if (shapes.isEmpty()) {
            throw new TemplateNotConvertible("the class has no fields for the judge to fill");
        }
        GroundTruth truth = GroundTruth.read(answer);
        VerifyMethodReader.Reading reading = new VerifyMethodReader(shapes, truth.correct(), truth.numbers()).read(verify);
        Map<String, TemplateField> fields = new LinkedHashMap<>();
        for (Map.Entry<String, FieldShape> entry : shapes.entrySet()) {
            FieldShape shape = entry.getValue();
            FieldCheck check = reading.checks().get(entry.getKey());
            PydanticField field = declared.get(entry.getKey());
            fields.put(entry.getKey(), TemplateField.builder(shape.type(), field.description())
                    .groundTruth(check.groundTruth())
                    .nullable(shape.nullable() || field.nullable() ? Boolean.TRUE : null)
                    .values(shape.values())
                    .items(shape.items())
                    .verify(check.verify())
                    .build());
        }
        AnswerTemplate template = new AnswerTemplate(fields, reading.composition(), List.of());
        if (truth.checks().isEmpty()) {
            return TemplateReading.converted(template, leftOut);
        }
        // Karenina passes the question when verify() and every raw-response check pass; Assay's template regex
        // checks have no match types, so the checks are traits beside the template, each with its own verdict
        leftOut.add("template: its raw-response checks (self.regex) became " + RegexOnlyTemplate.describe(truth.checks())
                + " beside the template, scored each on its own: they do not count in the template's verdict");
        return new TemplateReading(template, leftOut, truth.checks());
    }

    /**
     * What model_post_init / ground_truth() sets: the {@code self.correct} entries, and plain numbers
     * such as {@code self.tolerance = 0.5} that verify() may compare with, and the raw-response checks
     * of {@code self.regex} as traits; {@code correct} is null when the class has no ground truth
     * method, or only sets {@code self.regex} there (verify() then compares with fixed values).
     */
    record GroundTruth(Map<String, PyExpr> correct, Map<String, BigDecimal> numbers, List<RubricTrait> checks) {

        static GroundTruth read(AnswerClass answer) {
            PyStatement.FunctionDef postInit = answer.methods().get(POST_INIT);
            PyStatement.FunctionDef groundTruth = answer.methods().get(GROUND_TRUTH);
            if (postInit != null && groundTruth != null) {
                throw TemplateNotConvertible.at(groundTruth, "both model_post_init() and ground_truth() are defined");
            }
            PyStatement.FunctionDef method = postInit != null ? postInit : groundTruth;
            if (method == null) {
                // verify() then compares with values written in it (return self.flag, self.x == "PD-1"); a
                // self.correct it reads is reported there
                return new GroundTruth(null, Map.of(), List.of());
            }
            Map<String, PyExpr> correct = null;
            Map<String, BigDecimal> numbers = new LinkedHashMap<>();
            List<RubricTrait> checks = null;
            for (PyStatement statement : method.body()) {
                switch (statement) {
                    case PyStatement.ExprStatement(PyExpr.Str doc, int line, String text) -> {
                    }
                    case PyStatement.ExprStatement(PyExpr expr, int line, String text) when isSuperCall(expr) -> {
                    }
                    case PyStatement.Assign(PyExpr target, PyExpr value, int line, String text) when ComparedSide.selfAttribute(target) != null -> {
                        String attribute = ComparedSide.selfAttribute(target);
                        if (attribute.equals("correct")) {
                            correct = entries(value, statement);
                        } else if (attribute.equals("regex")) {
                            if (checks != null) {
                                throw TemplateNotConvertible.at(statement, method.name() + "() sets self.regex twice");
                            }
                            if (!(value instanceof PyExpr.DictLit dict)) {
                                throw TemplateNotConvertible.at(statement, "self.regex is not a dict literal");
                            }
                            checks = RegexOnlyTemplate.traits(dict, statement);
                        } else if (value instanceof PyExpr.Int(java.math.BigInteger number)) {
                            numbers.put(attribute, new BigDecimal(number));
                        } else if (value instanceof PyExpr.Float(BigDecimal number)) {
                            numbers.put(attribute, number);
                        } else {
                            throw TemplateNotConvertible.at(statement, method.name() + "() does more than set self.correct");
                        }
                    }
                    default -> throw TemplateNotConvertible.at(statement, method.name() + "() does more than set self.correct");
                }
            }
            if (correct == null && checks == null) {
                throw TemplateNotConvertible.at(method, method.name() + "() does not set self.correct");
            }
            return new GroundTruth(correct, numbers, checks == null ? List.of() : checks);
        }

        private static Map<String, PyExpr> entries(PyExpr value, PyStatement statement) {
            if (!(value instanceof PyExpr.DictLit(List<PyExpr> keys, List<PyExpr> values))) {
                throw TemplateNotConvertible.at(statement, "self.correct is not a dict literal");
            }
            Map<String, PyExpr> entries = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                if (!(keys.get(i) instanceof PyExpr.Str(String key))) {
                    throw TemplateNotConvertible.at(statement, "self.correct has a key that is not text");
                }
                if (PythonValues.value(values.get(i)).isEmpty()) {
                    throw TemplateNotConvertible.at(statement, "self.correct[\"" + key + "\"] is not a plain value (text, number, "
                            + "true/false, list, date(...))");
                }
                entries.put(key, values.get(i));
            }
            return entries;
        }

        private static boolean isSuperCall(PyExpr expr) {
            return expr instanceof PyExpr.Call call && call.function() instanceof PyExpr.Attribute(PyExpr target, String name)
                    && target instanceof PyExpr.Call inner && inner.functionName().equals("super");
        }
    }
}
