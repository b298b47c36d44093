package dev.assay.common.validation;

/** Where a node starts in the text a document was read from: line and column, both from 1. */
public record SourceLocation(int line, int column) {

    public SourceLocation {
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column count from 1, got " + line + ":" + column);
        }
    }

    /** {@code line:column}, as editors and compilers print it. */
    @Override
    public String toString() {
        return line + ":" + column;
    }
}
