package dev.assay.importers.python;

import java.util.List;

/**
 * One Python statement line: physical lines joined by brackets or backslashes.
 *
 * @param indent the indentation of its first physical line (tabs to multiples of 8, as Python does)
 * @param tokens its tokens, without comments
 * @param text   the source it spans, whitespace collapsed, for messages
 */
public record LogicalLine(int indent, List<Token> tokens, String text) {

    public LogicalLine {
        tokens = List.copyOf(tokens);
    }

    public int line() {
        return tokens.get(0).line();
    }
}
