package dev.assay.importers.karenina;

import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RubricTrait;

import java.util.List;

/**
 * What became of a template.
 *
 * @param template the converted template, or null when it was not converted
 * @param reasons  with a template: the parts of it left out; without: why it was not converted.
 *                 Each is a full report line ("template: …").
 * @param traits   what a template made only of raw-response checks became instead of a template
 */
record TemplateReading(AnswerTemplate template, List<String> reasons, List<RubricTrait> traits) {

    TemplateReading {
        reasons = List.copyOf(reasons);
        traits = traits == null ? List.of() : List.copyOf(traits);
    }

    TemplateReading(AnswerTemplate template, List<String> reasons) {
        this(template, reasons, null);
    }

    static TemplateReading traits(List<RubricTrait> traits, List<String> notes) {
        return new TemplateReading(null, notes, traits);
    }

    static TemplateReading converted(AnswerTemplate template, List<String> leftOut) {
        return new TemplateReading(template, leftOut);
    }

    static TemplateReading notConverted(String why) {
        return new TemplateReading(null, List.of("template: " + why + "; not converted"));
    }

    private static final TemplateReading PLACEHOLDER = new TemplateReading(null, List.of("template: Karenina's placeholder "
            + "(verify() returns False: no template was written for this question); left out"));

    /** Karenina's default template, which checks nothing: no template to convert. */
    static TemplateReading placeholder() {
        return PLACEHOLDER;
    }

    boolean isPlaceholder() {
        return equals(PLACEHOLDER);
    }
}
