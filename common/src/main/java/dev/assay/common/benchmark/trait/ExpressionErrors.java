package dev.assay.common.benchmark.trait;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelErrorCode;
import dev.cel.common.CelIssue;
import dev.cel.common.CelSource;
import dev.cel.common.CelSourceLocation;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.navigation.CelNavigableAst;
import dev.cel.common.navigation.CelNavigableExpr;
import dev.cel.runtime.CelEvaluationException;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns CEL's issues and evaluation errors into one-line messages for a benchmark's author: what
 * is wrong, where (line and column, counted from 1), and for an unknown name what is known.
 */
final class ExpressionErrors {

    /** A parse that goes wrong early can report dozens of follow-on errors; the first few say enough. */
    private static final int SHOWN = 3;
    private static final Pattern UNDECLARED = Pattern.compile("undeclared reference to '([^']+)'.*", Pattern.DOTALL);
    /** We declare no container, so CEL's "(in container '')" says nothing. */
    private static final Pattern CONTAINER = Pattern.compile("\\s*\\(in container '[^']*'\\)");
    private static final Pattern EVALUATION = Pattern.compile("evaluation error at [^:]*:(\\d+): (.*)", Pattern.DOTALL);
    /** CEL quotes the failing input (e.g. the whole response for {@code int(response)}); a result needs only its start. */
    private static final int MESSAGE_CHARS = 200;

    private ExpressionErrors() {
    }

    static String syntax(List<CelIssue> issues) {
        return join(issues.stream().map(issue -> "syntax error" + at(issue.getSourceLocation()) + ": " + issue.getMessage()).toList());
    }

    /** Type-check errors; {@code parsed} tells a misspelt variable from a function CEL does not have. */
    static String check(List<CelIssue> issues, CelAbstractSyntaxTree parsed, ExpressionEnvironment environment) {
        return join(issues.stream().map(issue -> check(issue, parsed, environment)).toList());
    }

    private static String check(CelIssue issue, CelAbstractSyntaxTree parsed, ExpressionEnvironment environment) {
        String where = at(issue.getSourceLocation());
        Matcher undeclared = UNDECLARED.matcher(issue.getMessage());
        if (undeclared.matches()) {
            String name = undeclared.group(1);
            if (kindOf(parsed, issue.getExprId()) == CelExpr.ExprKind.Kind.CALL) {
                return "unknown function '" + name + "'" + where + " (available: CEL's standard functions and macros, its strings, regex and optional extensions, and fuzzRatio)";
            }
            return "undeclared reference to '" + name + "'" + where
                    + " (known variables: " + String.join(", ", environment.variableNames()) + ")";
        }
        return CONTAINER.matcher(issue.getMessage()).replaceAll("") + where;
    }

    /** The names CEL found no declaration for that are read as variables (not called as functions). */
    static Set<String> undeclaredVariables(List<CelIssue> issues, CelAbstractSyntaxTree parsed) {
        Set<String> names = new LinkedHashSet<>();
        for (CelIssue issue : issues) {
            Matcher undeclared = UNDECLARED.matcher(issue.getMessage());
            if (undeclared.matches() && kindOf(parsed, issue.getExprId()) == CelExpr.ExprKind.Kind.IDENT) {
                names.add(undeclared.group(1));
            }
        }
        return names;
    }

    /** A failed evaluation: the kind of error, where, and CEL's message. */
    static String evaluation(CelEvaluationException error, CelSource source, ExpressionLimits limits) {
        Matcher matcher = EVALUATION.matcher(error.getMessage() == null ? "" : error.getMessage());
        String where = "";
        String message = error.getMessage();
        if (matcher.matches()) {
            where = source.getOffsetLocation(Integer.parseInt(matcher.group(1))).map(ExpressionErrors::at).orElse("");
            message = matcher.group(2);
        }
        if (error.getErrorCode() == CelErrorCode.ITERATION_BUDGET_EXCEEDED) {
            return "stopped" + where + " after " + limits.maxIterations()
                    + " comprehension iterations (all, exists, exists_one, map, filter), the limit for one evaluation";
        }
        String kind = error.getErrorCode() == null || error.getErrorCode() == CelErrorCode.INTERNAL_ERROR
                ? "evaluation error"
                : error.getErrorCode().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return kind + where + ": " + shortened(message);
    }

    private static String shortened(String message) {
        return message.length() <= MESSAGE_CHARS ? message : message.substring(0, MESSAGE_CHARS) + "… (" + message.length() + " characters)";
    }

    private static CelExpr.ExprKind.Kind kindOf(CelAbstractSyntaxTree parsed, long exprId) {
        return CelNavigableAst.fromAst(parsed).getRoot().allNodes()
                .filter(node -> node.id() == exprId)
                .findFirst()
                .map(CelNavigableExpr::getKind)
                .orElse(CelExpr.ExprKind.Kind.NOT_SET);
    }

    /** " at line 1, column 6" (CEL counts columns from 0), or nothing when CEL gave no place. */
    private static String at(CelSourceLocation location) {
        if (location == null || location.getLine() < 1 || location.getColumn() < 0) {
            return "";
        }
        return " at line " + location.getLine() + ", column " + (location.getColumn() + 1);
    }

    private static String join(List<String> messages) {
        String shown = messages.stream().limit(SHOWN).collect(Collectors.joining("; "));
        return messages.size() > SHOWN ? shown + "; and " + (messages.size() - SHOWN) + " more" : shown;
    }
}
