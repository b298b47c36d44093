package dev.assay.importers.karenina.python;

import dev.assay.importers.python.LogicalLine;
import dev.assay.importers.python.PyExpr;
import dev.assay.importers.python.PythonSyntaxException;
import dev.assay.importers.python.PythonTokenizer;
import dev.assay.importers.python.Token;
import dev.assay.importers.python.UnsupportedSyntaxException;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads Python source as a tree of statements: classes and functions with their bodies, simple
 * statements parsed as expressions, every other compound statement kept as {@link PyStatement.Other}
 * with its body skipped. Text only: nothing is imported, compiled or run.
 */
public final class PythonModule {

    private static final Set<String> COMPOUND = Set.of("if", "elif", "else", "for", "while", "with", "try", "except",
            "finally", "async", "match", "case");
    private static final Set<String> OTHER_SIMPLE = Set.of("del", "global", "nonlocal", "raise", "assert", "break",
            "continue", "yield", "print");
    private static final Set<String> AUGMENTED = Set.of("+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=",
            "|=", "^=", "@=", ":=");

    private final List<LogicalLine> lines;
    private int next;

    private PythonModule(List<LogicalLine> lines) {
        this.lines = lines;
    }

    /** The top-level statements of {@code source}; throws {@link PythonSyntaxException} for what cannot be read. */
    public static List<PyStatement> parse(String source) {
        PythonModule module;
        try {
            module = new PythonModule(PythonTokenizer.lines(source));
        } catch (UnsupportedSyntaxException e) {
            throw TemplateExpressionReader.refused(e);
        }
        if (module.lines.isEmpty()) {
            return List.of();
        }
        List<PyStatement> statements = module.block(module.lines.get(0).indent());
        if (module.next < module.lines.size()) {
            LogicalLine stray = module.lines.get(module.next);
            throw new PythonSyntaxException(stray.line(), "unexpected indentation");
        }
        return statements;
    }

    private List<PyStatement> block(int indent) {
        List<PyStatement> statements = new ArrayList<>();
        while (next < lines.size() && lines.get(next).indent() >= indent) {
            LogicalLine line = lines.get(next);
            if (line.indent() > indent) {
                throw new PythonSyntaxException(line.line(), "unexpected indentation");
            }
            next++;
            statements.add(statement(line));
        }
        return statements;
    }

    private PyStatement statement(LogicalLine line) {
        List<Token> tokens = line.tokens();
        Token first = tokens.get(0);
        if (first.isName("class") || first.isName("def") || first.kind() == Token.Kind.NAME && COMPOUND.contains(first.text())) {
            int colon = topLevel(tokens, ":");
            if (colon < 0) {
                throw new PythonSyntaxException(line.line(), "\"" + first.text() + "\" without \":\"");
            }
            List<Token> header = tokens.subList(0, colon);
            List<Token> inline = tokens.subList(colon + 1, tokens.size());
            if (first.isName("class")) {
                return classDef(header, body(line, inline), line);
            }
            if (first.isName("def")) {
                return functionDef(header, body(line, inline), line);
            }
            skipBody(line, inline);
            return new PyStatement.Other(line.line(), line.text());
        }
        if (first.isOp("@")) {
            return new PyStatement.Other(line.line(), line.text());
        }
        return simple(tokens, line);
    }

    private List<PyStatement> body(LogicalLine header, List<Token> inline) {
        if (!inline.isEmpty()) {
            return List.of(simple(inline, header));
        }
        if (next >= lines.size() || lines.get(next).indent() <= header.indent()) {
            throw new PythonSyntaxException(header.line(), "an indented block is missing after \"" + header.text() + "\"");
        }
        return block(lines.get(next).indent());
    }

    private void skipBody(LogicalLine header, List<Token> inline) {
        if (!inline.isEmpty()) {
            return;
        }
        while (next < lines.size() && lines.get(next).indent() > header.indent()) {
            next++;
        }
    }

    private static PyStatement classDef(List<Token> header, List<PyStatement> body, LogicalLine line) {
        if (header.size() < 2 || header.get(1).kind() != Token.Kind.NAME) {
            throw new PythonSyntaxException(line.line(), "a class without a name");
        }
        List<PyExpr> bases = new ArrayList<>();
        List<Token> rest = header.subList(2, header.size());
        if (!rest.isEmpty()) {
            PyExpr parsed = TemplateExpressionReader.parse(rest, line.line());
            if (parsed instanceof PyExpr.TupleLit tuple) {
                bases.addAll(tuple.items());
            } else {
                bases.add(parsed);
            }
        }
        return new PyStatement.ClassDef(header.get(1).text(), bases, body, line.line(), line.text());
    }

    private static PyStatement functionDef(List<Token> header, List<PyStatement> body, LogicalLine line) {
        if (header.size() < 3 || header.get(1).kind() != Token.Kind.NAME || !header.get(2).isOp("(")) {
            throw new PythonSyntaxException(line.line(), "a def without a name and parameters");
        }
        // Each parameter is what precedes its annotation or default: "self", "__context", "*args", "**kwargs"
        List<String> params = new ArrayList<>();
        StringBuilder param = new StringBuilder();
        boolean named = false;
        for (int i = 3; i < header.size() && !(header.get(i).isOp(")") && header.get(i).depth() == 0); i++) {
            Token token = header.get(i);
            if (token.depth() != 1) {
                continue;
            }
            if (token.isOp(",")) {
                params.add(param.toString());
                param.setLength(0);
                named = false;
            } else if (!named && (token.isOp("*") || token.isOp("**") || token.isOp("/"))) {
                param.append(token.text());
            } else if (!named && token.kind() == Token.Kind.NAME) {
                param.append(token.text());
                named = true;
            } else {
                named = true;
            }
        }
        if (!param.isEmpty()) {
            params.add(param.toString());
        }
        return new PyStatement.FunctionDef(header.get(1).text(), params, body, line.line(), line.text());
    }

    /** A simple statement; one using Python the reader refuses is kept as {@link PyStatement.Other} with the problem. */
    private static PyStatement simple(List<Token> tokens, LogicalLine line) {
        try {
            return simpleStatement(tokens, line);
        } catch (PythonSyntaxException e) {
            return new PyStatement.Other(line.line(), line.text(), e.problem());
        }
    }

    private static PyStatement simpleStatement(List<Token> tokens, LogicalLine line) {
        Token first = tokens.get(0);
        if (topLevel(tokens, ";") >= 0) {
            return new PyStatement.Other(line.line(), line.text());
        }
        if (first.isName("return")) {
            List<Token> rest = tokens.subList(1, tokens.size());
            return new PyStatement.Return(rest.isEmpty() ? null : TemplateExpressionReader.parse(rest, line.line()), line.line(), line.text());
        }
        if (first.isName("pass")) {
            return new PyStatement.Pass(line.line(), line.text());
        }
        if (first.isName("import") || first.isName("from")) {
            return new PyStatement.Import(line.line(), line.text());
        }
        if (first.kind() == Token.Kind.NAME && OTHER_SIMPLE.contains(first.text())) {
            return new PyStatement.Other(line.line(), line.text());
        }
        for (Token token : tokens) {
            if (token.depth() == 0 && token.kind() == Token.Kind.OP && AUGMENTED.contains(token.text())) {
                return new PyStatement.Other(line.line(), line.text());
            }
        }
        int equals = topLevel(tokens, "=");
        int colon = topLevel(tokens, ":");
        if (equals >= 0) {
            List<Token> value = tokens.subList(equals + 1, tokens.size());
            if (topLevel(value, "=") >= 0) {
                return new PyStatement.Other(line.line(), line.text());
            }
            PyExpr parsedValue = TemplateExpressionReader.parse(value, line.line());
            if (colon >= 0 && colon < equals) {
                return new PyStatement.AnnotatedAssign(TemplateExpressionReader.parse(tokens.subList(0, colon), line.line()),
                        TemplateExpressionReader.parse(tokens.subList(colon + 1, equals), line.line()), parsedValue, line.line(), line.text());
            }
            return new PyStatement.Assign(TemplateExpressionReader.parse(tokens.subList(0, equals), line.line()), parsedValue, line.line(),
                    line.text());
        }
        if (colon >= 0) {
            return new PyStatement.AnnotatedAssign(TemplateExpressionReader.parse(tokens.subList(0, colon), line.line()),
                    TemplateExpressionReader.parse(tokens.subList(colon + 1, tokens.size()), line.line()), null, line.line(), line.text());
        }
        return new PyStatement.ExprStatement(TemplateExpressionReader.parse(tokens, line.line()), line.line(), line.text());
    }

    /** The index of the first {@code op} outside any bracket, or -1. */
    private static int topLevel(List<Token> tokens, String op) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).depth() == 0 && tokens.get(i).isOp(op)) {
                return i;
            }
        }
        return -1;
    }
}
