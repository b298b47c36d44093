package dev.assay.importers.python;

import dev.assay.importers.python.UnsupportedSyntaxException.Construct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The shared expression parser: the union of what the Karenina and LVE readers read, and how it says what it does not. */
class PythonExpressionParserTest {

    private static final PyExpr A = new PyExpr.Name("a");
    private static final PyExpr B = new PyExpr.Name("b");
    private static final PyExpr C = new PyExpr.Name("c");

    private static PyExpr.Int integer(long value) {
        return new PyExpr.Int(BigInteger.valueOf(value));
    }

    @Test
    void lambdasKeepTheirParametersAsWritten() {
        assertThat(PythonExpressionParser.expression("lambda r, a=1, *args, **kw: r")).isEqualTo(new PyExpr.Lambda(List.of(
                new PyExpr.Parameter("r", "", null), new PyExpr.Parameter("a", "", integer(1)),
                new PyExpr.Parameter("args", "*", null), new PyExpr.Parameter("kw", "**", null)), new PyExpr.Name("r")));
        assertThat(PythonExpressionParser.expression("(lambda: None)")).isEqualTo(new PyExpr.Lambda(List.of(), new PyExpr.None()));
    }

    @Test
    void conditionalExpressionsBindLooserThanOr() {
        assertThat(PythonExpressionParser.expression("a or b if c else a")).isEqualTo(
                new PyExpr.IfExp(C, new PyExpr.BoolOp("or", List.of(A, B)), A));
    }

    @Test
    void comparisonsChainAndArithmeticKeepsPythonsPrecedence() {
        assertThat(PythonExpressionParser.expression("a <= b < c")).isEqualTo(new PyExpr.Compare(A, List.of("<=", "<"), List.of(B, C)));
        assertThat(PythonExpressionParser.expression("-a ** 2 + b * c // 2")).isEqualTo(new PyExpr.BinOp(
                new PyExpr.Unary("-", new PyExpr.BinOp(A, "**", integer(2))), "+",
                new PyExpr.BinOp(new PyExpr.BinOp(B, "*", C), "//", integer(2))));
        assertThat(PythonExpressionParser.expression("a | b & c")).isEqualTo(new PyExpr.BinOp(A, "|", new PyExpr.BinOp(B, "&", C)));
        assertThat(PythonExpressionParser.expression("not a in b")).isEqualTo(
                new PyExpr.Unary("not", new PyExpr.Compare(A, List.of("in"), List.of(B))));
    }

    @Test
    void callsTakePositionalAndKeywordArgumentsAndBareGenerators() {
        assertThat(PythonExpressionParser.expression("r.strip().split(',', maxsplit=1)")).isEqualTo(new PyExpr.Call(
                new PyExpr.Attribute(new PyExpr.Call(new PyExpr.Attribute(new PyExpr.Name("r"), "strip"), List.of(), Map.of()), "split"),
                List.of(new PyExpr.Str(",")), Map.of("maxsplit", integer(1))));
        assertThat(PythonExpressionParser.expression("all(x > 0 for x in xs if x)")).isEqualTo(new PyExpr.Call(new PyExpr.Name("all"),
                List.of(new PyExpr.Comprehension(PyExpr.Comprehension.Kind.GENERATOR,
                        new PyExpr.Compare(new PyExpr.Name("x"), List.of(">"), List.of(integer(0))),
                        List.of(new PyExpr.For(new PyExpr.Name("x"), new PyExpr.Name("xs"), List.of(new PyExpr.Name("x")))))),
                Map.of()));
    }

    @Test
    void subscriptsTakeSlicesAndSeveralIndices() {
        assertThat(PythonExpressionParser.expression("r[::-1]")).isEqualTo(new PyExpr.Subscript(new PyExpr.Name("r"),
                new PyExpr.Slice(null, null, new PyExpr.Unary("-", integer(1)))));
        assertThat(PythonExpressionParser.expression("m[a, 1:]")).isEqualTo(new PyExpr.Subscript(new PyExpr.Name("m"),
                new PyExpr.TupleLit(List.of(A, new PyExpr.Slice(integer(1), null, null)))));
    }

    @Test
    void displaysAndComprehensions() {
        assertThat(PythonExpressionParser.expression("[a, (b,), {c}, {}, {a: b}, ...]")).isEqualTo(new PyExpr.ListLit(List.of(A,
                new PyExpr.TupleLit(List.of(B)), new PyExpr.SetLit(List.of(C)), new PyExpr.DictLit(List.of(), List.of()),
                new PyExpr.DictLit(List.of(A), List.of(B)), new PyExpr.Ellipsis())));
        assertThat(PythonExpressionParser.expression("{x for x, y in a}")).isEqualTo(new PyExpr.Comprehension(PyExpr.Comprehension.Kind.SET,
                new PyExpr.Name("x"), List.of(new PyExpr.For(new PyExpr.TupleLit(List.of(new PyExpr.Name("x"), new PyExpr.Name("y"))), A,
                        List.of()))));
    }

    @Test
    void childrenComeInTheOrderTheyAreWritten() {
        assertThat(PythonExpressionParser.expression("a if b else c").children()).containsExactly(A, B, C);
        assertThat(PythonExpressionParser.expression("f(a, k=b)[c]").children()).containsExactly(
                new PyExpr.Call(new PyExpr.Name("f"), List.of(A), Map.of("k", B)), C);
        assertThat(PythonExpressionParser.expression("[a for b in c if a]").children()).containsExactly(A, B, C, A);
        assertThat(PythonExpressionParser.expression("{a: b}").children()).containsExactly(A, B);
    }

    @Test
    void literalsAreDecoded() {
        assertThat(PythonExpressionParser.expression("'a\\x41' r'\\d' \"\"\"q\"\"\"")).isEqualTo(new PyExpr.Str("aA\\dq"));
        assertThat(PythonExpressionParser.expression("0b101")).isEqualTo(integer(5));
        assertThat(PythonExpressionParser.expression("1_000.5")).isEqualTo(new PyExpr.Float(new BigDecimal("1000.5")));
        assertThat(PythonExpressionParser.expression("True")).isEqualTo(new PyExpr.Bool(true));
    }

    @Test
    void aStatementsExpressionListIsATuple() {
        List<Token> tokens = PythonTokenizer.lines("a, b,\n").getFirst().tokens();
        assertThat(PythonExpressionParser.expressionList(tokens, 1)).isEqualTo(new PyExpr.TupleLit(List.of(A, B)));
        assertThatThrownBy(() -> PythonExpressionParser.expression(tokens)).hasMessage("line 1: unexpected ','");
        assertThatThrownBy(() -> PythonExpressionParser.expressionList(List.of(), 7)).hasMessage("line 7: an expression is missing");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "f'{a}'|F_STRING",
            "'a' b'b'|BYTES",
            "2j|COMPLEX_NUMBER",
            "f(*a)|STARRED_ARGUMENT",
            "f(**a)|STARRED_ARGUMENT",
            "[*a]|UNPACKING",
            "{**a}|UNPACKING",
            "{k: v for k in a}|DICT_COMPREHENSION",
            "'\\N{BULLET}'|NAMED_ESCAPE",
            "a # note|COMMENT",
            "await a|KEYWORD"})
    void pythonNoImporterReadsIsUnsupportedNamingTheConstruct(String source, Construct construct) {
        UnsupportedSyntaxException e = catchThrowableOfType(UnsupportedSyntaxException.class, () -> PythonExpressionParser.expression(source));
        assertThat(e.construct()).isEqualTo(construct);
        assertThat(e.getMessage()).isEqualTo("line 1: " + e.what() + " is not read");
    }

    @Test
    void syntaxErrorsSayWhereWithLineColumnAndToken() {
        PythonSyntaxException unexpected = catchThrowableOfType(PythonSyntaxException.class,
                () -> PythonExpressionParser.expression("(a +\n  * b)"));
        assertThat(unexpected).hasMessage("line 2: unexpected '*'");
        assertThat(List.of(unexpected.line(), unexpected.column(), unexpected.offset())).containsExactly(2, 3, 7);
        assertThat(unexpected.near()).isEqualTo("*");

        PythonSyntaxException atEnd = catchThrowableOfType(PythonSyntaxException.class, () -> PythonExpressionParser.expression("f(a"));
        assertThat(atEnd).hasMessage("line 1: expected ')'");
        assertThat(atEnd.near()).isNull();
        assertThat(atEnd.column()).isEqualTo(4);

        assertThatThrownBy(() -> PythonExpressionParser.expression("a.(b)")).hasMessage("line 1: expected an attribute name");
        assertThatThrownBy(() -> PythonExpressionParser.expression("a if b")).hasMessage("line 1: expected 'else'");
        assertThatThrownBy(() -> PythonExpressionParser.expression("a + for")).hasMessage("line 1: unexpected keyword 'for'");
        assertThatThrownBy(() -> PythonExpressionParser.expression("f(a=1, b)")).hasMessage("line 1: a positional argument follows keyword arguments");
        assertThatThrownBy(() -> PythonExpressionParser.expression("f(a=1, a=2)")).hasMessage("line 1: keyword argument 'a' is given twice");
        assertThatThrownBy(() -> PythonExpressionParser.expression("")).hasMessage("line 1: the expression ends too early");
        assertThatThrownBy(() -> PythonExpressionParser.expression("012")).hasMessage("line 1: leading zeros in 012 (Python's syntax error)");
        assertThatThrownBy(() -> PythonExpressionParser.expression("'\\U00110000'")).hasMessage("line 1: an escape beyond U+10FFFF");
    }

    @Test
    void oneExpressionTakesLineBreaksAsWhiteSpaceAndLeavesBracketsToTheParser() {
        assertThat(PythonTokenizer.expression("a +\n b")).extracting(Token::text).containsExactly("a", "+", "b");
        assertThat(PythonTokenizer.expression("(a")).extracting(Token::text).containsExactly("(", "a");
        assertThatThrownBy(() -> PythonTokenizer.lines("a)\n")).hasMessage("line 1: ')' closes a bracket that was never opened");
    }
}
