package dev.assay.importers.python;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Python expression as written: the part of Python's expression grammar the importers read
 * (Karenina's answer templates, LVE's checker lambdas). Nothing here is ever evaluated. The tree
 * holds everything either importer reads; each refuses, in its own words, what it has no use for.
 */
public sealed interface PyExpr {

    /**
     * The expressions directly inside this one, in the order they are written, so a reader can
     * refuse the first thing it does not read, as Python would meet it.
     */
    default List<PyExpr> children() {
        List<PyExpr> children = new ArrayList<>();
        switch (this) {
            case Name ignored -> { }
            case Str ignored -> { }
            case Int ignored -> { }
            case Float ignored -> { }
            case Bool ignored -> { }
            case None ignored -> { }
            case Ellipsis ignored -> { }
            case Attribute attribute -> children.add(attribute.value());
            case Call call -> {
                children.add(call.function());
                children.addAll(call.args());
                children.addAll(call.keywords().values());
            }
            case Subscript subscript -> {
                children.add(subscript.value());
                children.add(subscript.index());
            }
            case Slice slice -> {
                for (PyExpr part : new PyExpr[] {slice.lower(), slice.upper(), slice.step()}) {
                    if (part != null) {
                        children.add(part);
                    }
                }
            }
            case ListLit list -> children.addAll(list.items());
            case TupleLit tuple -> children.addAll(tuple.items());
            case SetLit set -> children.addAll(set.items());
            case DictLit dict -> {
                for (int i = 0; i < dict.keys().size(); i++) {
                    children.add(dict.keys().get(i));
                    children.add(dict.values().get(i));
                }
            }
            case BoolOp boolOp -> children.addAll(boolOp.values());
            case Unary unary -> children.add(unary.operand());
            case BinOp binOp -> {
                children.add(binOp.left());
                children.add(binOp.right());
            }
            case Compare compare -> {
                children.add(compare.left());
                children.addAll(compare.rights());
            }
            case IfExp ifExp -> {
                children.add(ifExp.body());
                children.add(ifExp.test());
                children.add(ifExp.orElse());
            }
            case Lambda lambda -> {
                lambda.parameters().stream().map(Parameter::defaultValue).filter(value -> value != null).forEach(children::add);
                children.add(lambda.body());
            }
            case Comprehension comprehension -> {
                children.add(comprehension.element());
                for (For clause : comprehension.clauses()) {
                    children.add(clause.target());
                    children.add(clause.iterable());
                    children.addAll(clause.conditions());
                }
            }
        }
        return List.copyOf(children);
    }

    record Name(String id) implements PyExpr {
    }

    record Str(String value) implements PyExpr {
    }

    record Int(BigInteger value) implements PyExpr {
    }

    /** A float literal, kept as the decimal it was written as (a reader wanting Python's double rounds it). */
    record Float(BigDecimal value) implements PyExpr {
    }

    record Bool(boolean value) implements PyExpr {
    }

    record None() implements PyExpr {
    }

    record Ellipsis() implements PyExpr {
    }

    record Attribute(PyExpr value, String name) implements PyExpr {
    }

    /** A call; keyword arguments keep their order. */
    record Call(PyExpr function, List<PyExpr> args, Map<String, PyExpr> keywords) implements PyExpr {
        public Call {
            args = List.copyOf(args);
            keywords = Collections.unmodifiableMap(new LinkedHashMap<>(keywords));
        }

        /** The called name: {@code f} for {@code f(...)} and {@code m.f(...)}. */
        public String functionName() {
            return switch (function) {
                case Name name -> name.id();
                case Attribute attribute -> attribute.name();
                default -> "";
            };
        }
    }

    /** {@code value[index]}; several indices are a {@link TupleLit}, a slice is a {@link Slice}. */
    record Subscript(PyExpr value, PyExpr index) implements PyExpr {
    }

    /** {@code lower:upper:step} inside a subscript; absent parts are null. */
    record Slice(PyExpr lower, PyExpr upper, PyExpr step) implements PyExpr {
    }

    record ListLit(List<PyExpr> items) implements PyExpr {
        public ListLit {
            items = List.copyOf(items);
        }
    }

    record TupleLit(List<PyExpr> items) implements PyExpr {
        public TupleLit {
            items = List.copyOf(items);
        }
    }

    record SetLit(List<PyExpr> items) implements PyExpr {
        public SetLit {
            items = List.copyOf(items);
        }
    }

    record DictLit(List<PyExpr> keys, List<PyExpr> values) implements PyExpr {
        public DictLit {
            keys = List.copyOf(keys);
            values = List.copyOf(values);
        }
    }

    /** {@code and} / {@code or} over two or more operands. */
    record BoolOp(String op, List<PyExpr> values) implements PyExpr {
        public BoolOp {
            values = List.copyOf(values);
        }
    }

    /** {@code not x}, {@code -x}, {@code +x}, {@code ~x}. */
    record Unary(String op, PyExpr operand) implements PyExpr {
    }

    /** {@code + - * / // % ** @} and the bitwise operators. */
    record BinOp(PyExpr left, String op, PyExpr right) implements PyExpr {
    }

    /** {@code a < b <= c}: {@code ops} and {@code rights} pair up; {@code not in} and {@code is not} are one op each. */
    record Compare(PyExpr left, List<String> ops, List<PyExpr> rights) implements PyExpr {
        public Compare {
            ops = List.copyOf(ops);
            rights = List.copyOf(rights);
        }
    }

    /** {@code body if test else orElse}. */
    record IfExp(PyExpr test, PyExpr body, PyExpr orElse) implements PyExpr {
    }

    /** {@code lambda a, b=1, *c: body}. */
    record Lambda(List<Parameter> parameters, PyExpr body) implements PyExpr {
        public Lambda {
            parameters = List.copyOf(parameters);
        }
    }

    /**
     * One lambda parameter.
     *
     * @param stars        "", "*" or "**" ({@code *} alone has an empty name)
     * @param defaultValue null when it has none
     */
    record Parameter(String name, String stars, PyExpr defaultValue) {
    }

    /** {@code (e for x in xs if c)}, {@code [e for …]}, {@code {e for …}}: one or more {@code for} clauses. */
    record Comprehension(Kind kind, PyExpr element, List<For> clauses) implements PyExpr {
        public enum Kind { GENERATOR, LIST, SET }

        public Comprehension {
            clauses = List.copyOf(clauses);
        }
    }

    /** {@code for target in iterable if condition…}. */
    record For(PyExpr target, PyExpr iterable, List<PyExpr> conditions) {
        public For {
            conditions = List.copyOf(conditions);
        }
    }
}
