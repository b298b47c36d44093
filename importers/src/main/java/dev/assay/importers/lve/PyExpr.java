package dev.assay.importers.lve;

import java.math.BigInteger;
import java.util.List;

/** The part of Python's expression syntax {@link PythonExpressionParser} reads: what LVE's lambdas are written in. */
sealed interface PyExpr {

    record Name(String id) implements PyExpr {
    }

    record IntConstant(BigInteger value) implements PyExpr {
    }

    record FloatConstant(double value) implements PyExpr {
    }

    record StrConstant(String value) implements PyExpr {
    }

    record BoolConstant(boolean value) implements PyExpr {
    }

    record NoneConstant() implements PyExpr {
    }

    /** {@code [a, b]} or {@code (a, b)}. */
    record Sequence(List<PyExpr> items, boolean tuple) implements PyExpr {
    }

    /** {@code -x}, {@code +x}, {@code ~x}, {@code not x}. */
    record Unary(String op, PyExpr operand) implements PyExpr {
    }

    /** {@code + - * / // % **} and the bitwise operators (which are refused when translated). */
    record Binary(String op, PyExpr left, PyExpr right) implements PyExpr {
    }

    /** {@code a and b and c}, {@code a or b}. */
    record BoolOp(String op, List<PyExpr> values) implements PyExpr {
    }

    /** {@code a < b <= c}: ops are {@code < <= > >= == != in "not in" is "is not"}. */
    record Compare(PyExpr left, List<String> ops, List<PyExpr> comparators) implements PyExpr {
    }

    /** {@code body if test else orElse}. */
    record IfExp(PyExpr test, PyExpr body, PyExpr orElse) implements PyExpr {
    }

    record Call(PyExpr function, List<PyExpr> args) implements PyExpr {
    }

    record Attribute(PyExpr value, String attribute) implements PyExpr {
    }

    record Subscript(PyExpr value, PyExpr index) implements PyExpr {
    }

    /** {@code a[lower:upper:step]}'s index; absent parts are null. */
    record Slice(PyExpr lower, PyExpr upper, PyExpr step) implements PyExpr {
    }

    /** {@code (element for variable in iterable)}. */
    record Generator(PyExpr element, String variable, PyExpr iterable) implements PyExpr {
    }

    record Lambda(List<String> parameters, PyExpr body) implements PyExpr {
    }
}
