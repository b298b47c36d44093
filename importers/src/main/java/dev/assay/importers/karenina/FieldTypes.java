package dev.assay.importers.karenina;

import dev.assay.common.benchmark.FieldType;
import dev.assay.importers.python.PyExpr;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a field's annotation ({@code str}, {@code int}, {@code float}, {@code bool}, {@code date},
 * {@code list[str]}, {@code list[int]}, {@code Literal["a", "b"]}, optionally {@code Optional[...]} or
 * {@code ... | None}) as an Assay field type. Anything else has no Assay type.
 */
final class FieldTypes {

    private FieldTypes() {
    }

    static FieldShape of(PyExpr annotation, String field) {
        PyExpr inner = withoutNone(annotation);
        boolean nullable = inner != annotation;
        FieldShape shape = plain(inner, field);
        return new FieldShape(shape.type(), shape.values(), shape.items(), nullable);
    }

    /** {@code X} for {@code Optional[X]}, {@code X | None}, {@code None | X}, {@code Union[X, None]}; else the annotation itself. */
    private static PyExpr withoutNone(PyExpr annotation) {
        if (annotation instanceof PyExpr.BinOp(PyExpr left, String op, PyExpr right) && op.equals("|")) {
            if (right instanceof PyExpr.None) {
                return left;
            }
            if (left instanceof PyExpr.None) {
                return right;
            }
        }
        if (annotation instanceof PyExpr.Subscript(PyExpr value, PyExpr index)) {
            String name = name(value);
            if (name.equals("Optional")) {
                return index;
            }
            if (name.equals("Union") && index instanceof PyExpr.TupleLit(List<PyExpr> items) && items.size() == 2) {
                if (items.get(1) instanceof PyExpr.None) {
                    return items.get(0);
                }
                if (items.get(0) instanceof PyExpr.None) {
                    return items.get(1);
                }
            }
        }
        return annotation;
    }

    private static FieldShape plain(PyExpr annotation, String field) {
        String name = name(annotation);
        switch (annotation) {
            case PyExpr.Name plain -> {
                switch (name) {
                    case "str":
                        return FieldShape.of(FieldType.STRING);
                    case "int":
                        return FieldShape.of(FieldType.INTEGER);
                    case "float":
                        return FieldShape.of(FieldType.NUMBER);
                    case "bool":
                        return FieldShape.of(FieldType.BOOLEAN);
                    case "date":
                        return FieldShape.of(FieldType.DATE);
                    default:
                        break;
                }
            }
            case PyExpr.Attribute(PyExpr value, String attribute) when attribute.equals("date") && name(value).equals("datetime") -> {
                return FieldShape.of(FieldType.DATE);
            }
            case PyExpr.Subscript(PyExpr value, PyExpr index) -> {
                String generic = name(value);
                if (generic.equals("list") || generic.equals("List")) {
                    String item = name(index);
                    if (index instanceof PyExpr.Name && item.equals("str")) {
                        return new FieldShape(FieldType.LIST, null, null, false);
                    }
                    if (index instanceof PyExpr.Name && (item.equals("int") || item.equals("float"))) {
                        return new FieldShape(FieldType.LIST, null, FieldType.NUMBER, false);
                    }
                }
                if (generic.equals("Literal")) {
                    List<PyExpr> options = index instanceof PyExpr.TupleLit(List<PyExpr> items) ? items : List.of(index);
                    List<String> values = new ArrayList<>();
                    for (PyExpr option : options) {
                        if (!(option instanceof PyExpr.Str(String text))) {
                            throw new TemplateNotConvertible("field " + field + ": Literal values other than text have no Assay form");
                        }
                        values.add(text);
                    }
                    return new FieldShape(FieldType.LITERAL, values, null, false);
                }
            }
            default -> {
            }
        }
        throw new TemplateNotConvertible("field " + field + ": its type has no Assay field type (Assay has str, int, float, bool, "
                + "date, list[str], list[int|float], Literal[...])");
    }

    /** {@code Literal} for {@code Literal} and {@code typing.Literal}; "" for what is not a name. */
    static String name(PyExpr expr) {
        return switch (expr) {
            case PyExpr.Name(String id) -> id;
            case PyExpr.Attribute(PyExpr owner, String attribute) -> attribute;
            default -> "";
        };
    }
}
