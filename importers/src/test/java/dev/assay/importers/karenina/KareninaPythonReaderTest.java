package dev.assay.importers.karenina;

import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.karenina.python.PythonModule;
import dev.assay.importers.karenina.python.TemplateExpressionReader;
import dev.assay.importers.python.LogicalLine;
import dev.assay.importers.python.PyExpr;
import dev.assay.importers.python.PythonSyntaxException;
import dev.assay.importers.python.PythonTokenizer;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The text-only Python reader the template conversion stands on. */
class KareninaPythonReaderTest {

    @Test
    void stringsAreDecodedAsPythonDoes() {
        assertThat(expr("'a\\tb\\n' \"c\\\"d\" '\\x41\\u00e9\\101'")).isEqualTo(new PyExpr.Str("a\tb\nc\"dAéA"));
        assertThat(expr("r'\\d+\\.' R\"\\s\"")).isEqualTo(new PyExpr.Str("\\d+\\.\\s"));
        assertThat(expr("'''one\nline \"two\"'''")).isEqualTo(new PyExpr.Str("one\nline \"two\""));
        assertThat(expr("'keep \\q'")).isEqualTo(new PyExpr.Str("keep \\q"));
    }

    @Test
    void numbersKeepTheValueTheyWereWrittenWith() {
        assertThat(expr("1_000")).isEqualTo(new PyExpr.Int(BigInteger.valueOf(1000)));
        assertThat(expr("0x1F")).isEqualTo(new PyExpr.Int(BigInteger.valueOf(31)));
        assertThat(expr("0.1")).isEqualTo(new PyExpr.Float(new BigDecimal("0.1")));
        assertThat(expr("5.")).isEqualTo(new PyExpr.Float(new BigDecimal("5.0")));
        assertThat(expr("2e-3")).isEqualTo(new PyExpr.Float(new BigDecimal("2e-3")));
        assertThat(expr("-4")).isEqualTo(new PyExpr.Unary("-", new PyExpr.Int(BigInteger.valueOf(4))));
    }

    @Test
    void operatorsBindAsInPython() {
        PyExpr a = new PyExpr.Name("a");
        PyExpr b = new PyExpr.Name("b");
        PyExpr c = new PyExpr.Name("c");

        assertThat(expr("a == b and not c or a")).isEqualTo(new PyExpr.BoolOp("or", List.of(
                new PyExpr.BoolOp("and", List.of(new PyExpr.Compare(a, List.of("=="), List.of(b)), new PyExpr.Unary("not", c))), a)));
        assertThat(expr("a not in b")).isEqualTo(new PyExpr.Compare(a, List.of("not in"), List.of(b)));
        assertThat(expr("a is not None")).isEqualTo(new PyExpr.Compare(a, List.of("is not"), List.of(new PyExpr.None())));
        assertThat(expr("abs(a - b) <= c * 2")).isEqualTo(new PyExpr.Compare(
                new PyExpr.Call(new PyExpr.Name("abs"), List.of(new PyExpr.BinOp(a, "-", b)), Map.of()), List.of("<="),
                List.of(new PyExpr.BinOp(c, "*", new PyExpr.Int(BigInteger.TWO)))));
        assertThat(expr("str | None")).isEqualTo(new PyExpr.BinOp(new PyExpr.Name("str"), "|", new PyExpr.None()));
    }

    @Test
    void callsAttributesSubscriptsAndLiterals() {
        assertThat(expr("self.correct[\"x\"].strip()")).isEqualTo(new PyExpr.Call(new PyExpr.Attribute(new PyExpr.Subscript(
                new PyExpr.Attribute(new PyExpr.Name("self"), "correct"), new PyExpr.Str("x")), "strip"), List.of(), Map.of()));
        assertThat(expr("Literal['a', 'b']")).isEqualTo(new PyExpr.Subscript(new PyExpr.Name("Literal"),
                new PyExpr.TupleLit(List.of(new PyExpr.Str("a"), new PyExpr.Str("b")))));
        assertThat(expr("{'a': [1, (2,)], 'b': {3}}")).isEqualTo(new PyExpr.DictLit(List.of(new PyExpr.Str("a"), new PyExpr.Str("b")),
                List.of(new PyExpr.ListLit(List.of(new PyExpr.Int(BigInteger.ONE), new PyExpr.TupleLit(List.of(new PyExpr.Int(BigInteger.TWO))))),
                        new PyExpr.SetLit(List.of(new PyExpr.Int(BigInteger.valueOf(3)))))));
        assertThat(expr("Field(..., description='d',)")).isEqualTo(new PyExpr.Call(new PyExpr.Name("Field"),
                List.of(new PyExpr.Ellipsis()), Map.of("description", new PyExpr.Str("d"))));
    }

    @Test
    void constructsTemplatesHaveNoBusinessWithAreRefusedWithTheirLine() {
        assertThatThrownBy(() -> expr("[g for g in self.genes]")).isInstanceOf(PythonSyntaxException.class)
                .hasMessage("line 1: a comprehension is not read by the template reader");
        assertThatThrownBy(() -> expr("lambda x: x")).hasMessage("line 1: \"lambda\" is not read by the template reader");
        assertThatThrownBy(() -> expr("a if b else c")).hasMessage("line 1: a conditional expression (x if c else y) is not read by the template reader");
        assertThatThrownBy(() -> expr("self.genes[1:]")).hasMessage("line 1: a slice is not read by the template reader");
        assertThatThrownBy(() -> expr("f(*args)")).hasMessage("line 1: a starred argument is not read by the template reader");
        assertThatThrownBy(() -> PythonTokenizer.lines("x = (1,\n  2\n")).hasMessage("line 1: a bracket opened here is never closed");
        assertThatThrownBy(() -> PythonTokenizer.lines("x = 'open\n")).hasMessage("line 1: a string is never closed");
    }

    @Test
    void logicalLinesJoinBracketsAndBackslashesAndDropComments() {
        List<LogicalLine> lines = PythonTokenizer.lines("""
                # a comment
                x = [1,  # inside
                     2]
                y = 1 + \\
                    2

                    z = 3
                """);

        assertThat(lines).extracting(LogicalLine::text).containsExactly("x = [1, # inside 2]", "y = 1 + \\ 2", "z = 3");
        assertThat(lines).extracting(LogicalLine::line).containsExactly(2, 4, 7);
        assertThat(lines).extracting(LogicalLine::indent).containsExactly(0, 0, 4);
    }

    @Test
    void statementsNestByIndentation() {
        List<PyStatement> module = PythonModule.parse("""
                from pydantic import Field

                class Answer(BaseAnswer):
                    \"\"\"Doc.\"\"\"
                    value: str = Field(description="v")

                    def verify(self, *args, flag: bool = True, **kwargs) -> bool: return True

                    def helper(self):
                        if self.value:
                            return 1
                        return 2
                """);

        assertThat(module).hasSize(2);
        assertThat(module.get(0)).isInstanceOf(PyStatement.Import.class);
        PyStatement.ClassDef answer = (PyStatement.ClassDef) module.get(1);
        assertThat(answer.name()).isEqualTo("Answer");
        assertThat(answer.bases()).containsExactly(new PyExpr.Name("BaseAnswer"));
        assertThat(answer.body()).hasSize(4);
        assertThat(answer.body().get(1)).isInstanceOf(PyStatement.AnnotatedAssign.class);
        PyStatement.FunctionDef verify = (PyStatement.FunctionDef) answer.body().get(2);
        assertThat(verify.params()).containsExactly("self", "*args", "flag", "**kwargs");
        assertThat(verify.body()).containsExactly(new PyStatement.Return(new PyExpr.Bool(true), 7,
                "def verify(self, *args, flag: bool = True, **kwargs) -> bool: return True"));
        PyStatement.FunctionDef helper = (PyStatement.FunctionDef) answer.body().get(3);
        assertThat(helper.body()).containsExactly(new PyStatement.Other(10, "if self.value:"),
                new PyStatement.Return(new PyExpr.Int(BigInteger.TWO), 12, "return 2"));
    }

    @Test
    void aSimpleStatementUsingRefusedPythonIsKeptWithItsProblem() {
        List<PyStatement> module = PythonModule.parse("ok = [g.lower() for g in genes]\n");

        assertThat(module).containsExactly(new PyStatement.Other(1, "ok = [g.lower() for g in genes]",
                "a comprehension is not read by the template reader"));
    }

    private static PyExpr expr(String source) {
        List<LogicalLine> lines = PythonTokenizer.lines(source);
        assertThat(lines).hasSize(1);
        return TemplateExpressionReader.parse(lines.getFirst().tokens(), 1);
    }
}
