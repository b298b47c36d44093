package dev.assay.importers.karenina;

import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ValidationError;
import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.karenina.python.PythonModule;
import dev.assay.importers.python.PythonSyntaxException;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Converts a Karenina answer template — Python source, read as text and never executed — into an
 * Assay template, when it is declarative ({@code VerifiedField} with {@code verify_with}) or follows
 * the common generated pattern ({@code self.correct} and a {@code verify()} comparing fields with
 * it). Anything else is not converted, with the reason and the line; so is anything whose Assay
 * form would not validate. A converted template verifies as the source would.
 */
final class PythonTemplateReader {

    private PythonTemplateReader() {
    }

    static TemplateReading read(String source) {
        TemplateReading reading;
        try {
            List<PyStatement> module = PythonModule.parse(source);
            AnswerClass answer = AnswerClass.read(module);
            if (RegexOnlyTemplate.applies(answer)) {
                return validatedTraits(RegexOnlyTemplate.convert(answer));
            }
            boolean declarative = answer.fields().stream().anyMatch(field -> VerifiedFieldTemplate.isVerifiedField(field.value()));
            reading = declarative ? VerifiedFieldTemplate.convert(answer) : GeneratedTemplate.convert(answer);
        } catch (PythonSyntaxException e) {
            return TemplateReading.notConverted("not read as Python (" + e.getMessage() + ")");
        } catch (TemplateNotConvertible e) {
            return TemplateReading.notConverted(e.getMessage());
        }
        return reading.template() == null ? reading : validated(reading);
    }

    /** The same safety net for the traits a raw-response-only template became (the CEL compiles, the names are valid). */
    private static TemplateReading validatedTraits(TemplateReading reading) {
        Problems problems = new Problems();
        new Rubric(reading.traits(), List.of()).validate("traits", TraitScope.UNKNOWN, problems);
        if (problems.isEmpty()) {
            return reading;
        }
        String errors = problems.errors().stream().map(ValidationError::toString).collect(Collectors.joining("; "));
        return TemplateReading.notConverted("the traits of its raw-response checks would not be valid (" + errors + ")");
    }

    /** A safety net: a converted template (and the traits of its raw-response checks) that Assay would refuse is reported, never written. */
    private static TemplateReading validated(TemplateReading reading) {
        AnswerTemplate template = reading.template();
        Problems problems = new Problems();
        template.validate("template", problems);
        if (problems.isEmpty() && !reading.traits().isEmpty()) {
            return validatedTraits(reading);
        }
        if (problems.isEmpty()) {
            return reading;
        }
        String errors = problems.errors().stream().map(ValidationError::toString).collect(Collectors.joining("; "));
        return TemplateReading.notConverted("its Assay form would not be valid (" + errors + ")");
    }
}
