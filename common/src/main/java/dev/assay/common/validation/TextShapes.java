package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;

/**
 * Shapes of a document's text that its parser would read wrongly or too slowly, refused before or
 * right after it is read.
 */
final class TextShapes {

    /**
     * The longest line a YAML text may hold. SnakeYAML copies what it has buffered of a token for
     * every 1024 characters more it reads of it, so one token's time grows with the square of its
     * length: a 20 MB one took a minute, 1 MB several seconds on a busy machine. At this length it is
     * a fraction of a second, and no benchmark or run config written by hand comes near it; JSON has
     * no such limit.
     */
    static final int MAX_YAML_LINE = 256 * 1024;

    private TextShapes() {
    }

    /** The problem of the first line longer than {@link #MAX_YAML_LINE}, found in one pass; null when none is (or it is JSON). */
    static Problem tooLongLine(String document, String text, boolean json) {
        if (json || text.length() <= MAX_YAML_LINE) {
            return null;
        }
        int line = 1;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - start > MAX_YAML_LINE) {
                    return new Problem(document, "", tooLongMessage(line, i - start), new SourceLocation(line, 1));
                }
                line++;
                start = i + 1;
            }
        }
        return null;
    }

    /** A YAML body's line that is too long, as the parse error a request reports; does nothing when none is. */
    static void refuseTooLongLine(String text) throws JsonParseException {
        Problem tooLong = tooLongLine("", text, false);
        if (tooLong != null) {
            throw new JsonParseException(null, tooLong.message(), new JsonLocation(
                    com.fasterxml.jackson.core.io.ContentReference.unknown(), -1L, tooLong.location().line(), 1));
        }
    }

    private static String tooLongMessage(int line, int length) {
        return "line " + line + " is " + length + " characters long; a YAML line may hold at most " + MAX_YAML_LINE
                + ": break it (a quoted string or a | block can go on over several lines) or write the document as JSON";
    }

    /**
     * Where more starts after the document just read (a YAML text's second document after
     * {@code ---}, or a second JSON value), as a problem of {@code document}; null when nothing
     * follows. Only the first would be read, and the rest silently dropped.
     */
    static Problem more(String document, JsonParser parser) throws IOException {
        if (parser.nextToken() == null) {
            return null;
        }
        JsonLocation at = parser.currentTokenLocation();
        return new Problem(document, "", MORE, at == null || at.getLineNr() < 1 || at.getColumnNr() < 1 ? null
                : new SourceLocation(at.getLineNr(), at.getColumnNr()));
    }

    /** Like {@link #more}, as the parse error a request reports. */
    static void refuseMore(JsonParser parser) throws IOException {
        if (parser.nextToken() != null) {
            throw new JsonParseException(parser, MORE, parser.currentTokenLocation());
        }
    }

    private static final String MORE = "a second document starts here; a text holds one document (remove the rest, or put it in a file of its own)";
}
