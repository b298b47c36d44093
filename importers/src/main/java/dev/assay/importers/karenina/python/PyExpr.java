package dev.assay.importers.karenina.python;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A Python expression as written: the subset answer templates use. Nothing here is ever evaluated. */
public sealed interface PyExpr {

    record Name(String id) implements PyExpr {
    }

    record Str(String value) implements PyExpr {
    }

    record Int(BigInteger value) implements PyExpr {
    }

    /** A float literal, kept as the decimal it was written as. */
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

    record Subscript(PyExpr value, PyExpr index) implements PyExpr {
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

    record BinOp(PyExpr left, String op, PyExpr right) implements PyExpr {
    }

    /** {@code a < b <= c}: {@code ops} and {@code rights} pair up; {@code not in} and {@code is not} are one op each. */
    record Compare(PyExpr left, List<String> ops, List<PyExpr> rights) implements PyExpr {
        public Compare {
            ops = List.copyOf(ops);
            rights = List.copyOf(rights);
        }
    }
}
