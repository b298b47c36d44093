package dev.assay.importers.karenina;

import dev.assay.common.benchmark.FieldType;

import java.util.List;

/**
 * An answer-class field's type as Assay knows it.
 *
 * @param values   a literal field's allowed values
 * @param items    a list field's item type: number, or null for text
 * @param nullable the annotation admits None ({@code Optional[...]}, {@code X | None})
 */
record FieldShape(FieldType type, List<String> values, FieldType items, boolean nullable) {

    FieldShape {
        values = values == null ? null : List.copyOf(values);
    }

    static FieldShape of(FieldType type) {
        return new FieldShape(type, null, null, false);
    }

    FieldShape withType(FieldType other) {
        return new FieldShape(other, other == FieldType.LITERAL ? values : null, other == FieldType.LIST ? items : null, nullable);
    }

    boolean isText() {
        return type == FieldType.STRING;
    }

    boolean isNumeric() {
        return type == FieldType.INTEGER || type == FieldType.NUMBER;
    }

    boolean isTextList() {
        return type == FieldType.LIST && items == null;
    }
}
