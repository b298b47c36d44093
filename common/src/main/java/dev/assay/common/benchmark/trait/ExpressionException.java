package dev.assay.common.benchmark.trait;

/**
 * An expression trait that does not compile, or whose evaluation failed or hit a limit. The
 * message is for the benchmark's author: it names the problem and, where CEL gives one, the place
 * in the expression.
 */
public class ExpressionException extends RuntimeException {

    public ExpressionException(String message) {
        super(message);
    }

    public ExpressionException(String message, Throwable cause) {
        super(message, cause);
    }
}
