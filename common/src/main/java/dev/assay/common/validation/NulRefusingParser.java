package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;

import java.io.IOException;

/**
 * Reports every string and name holding U+0000 as a problem at its path while the document is
 * bound. PostgreSQL's text and jsonb cannot store that character, so a benchmark or answer carrying
 * one would fail when its results are stored, after the run began; it is refused up front instead,
 * with its place. (YAML writes it {@code "\0"}, JSON {@code "\u0000"}.)
 */
final class NulRefusingParser extends JsonParserDelegate {

    static final String MESSAGE = "contains the NUL character (U+0000), which results cannot store; remove it";

    private final Problems problems;

    NulRefusingParser(JsonParser parser, Problems problems) {
        super(parser);
        this.problems = problems;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken token = super.nextToken();
        if (token == JsonToken.VALUE_STRING && delegate.getText().indexOf('\0') >= 0) {
            problems.add(LocatingParser.pathOf(delegate), MESSAGE);
        } else if (token == JsonToken.FIELD_NAME && delegate.currentName().indexOf('\0') >= 0) {
            // the name itself is not echoed: the problem is placed at the mapping holding it
            problems.add(SpecReader.parentPath(LocatingParser.pathOf(delegate), delegate.currentName()), "a name " + MESSAGE);
        }
        return token;
    }

    /** Through {@link #nextToken()}, so no string passes unchecked. */
    @Override
    public JsonToken nextValue() throws IOException {
        JsonToken token = nextToken();
        return token == JsonToken.FIELD_NAME ? nextToken() : token;
    }
}
