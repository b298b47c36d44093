package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.TemplateField;

/**
 * What a check may need besides the value: the field being checked and, for primitives that need
 * one ({@code semantic}), a judge.
 *
 * @param judge null when no judge is available
 */
public record CheckContext(String fieldName, TemplateField field, SemanticJudge judge) {
}
