package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * A parser that notes where each node starts while whatever reads through it (binding, a tree
 * reader) reads the text: the text is parsed once, and every later problem can be placed by its path.
 * Content that the reader skips (an unknown field's value) is not noted; its key is.
 */
final class LocatingParser extends JsonParserDelegate {

    private final Map<String, SourceLocation> byPath = new HashMap<>();

    LocatingParser(JsonParser parser) {
        super(parser);
    }

    /** What was noted so far. */
    Locations locations() {
        return new Locations(Map.copyOf(byPath), "");
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken token = super.nextToken();
        if (token != null && !token.isStructEnd()) {
            JsonLocation location = delegate.currentTokenLocation();
            if (location != null && location.getLineNr() > 0 && location.getColumnNr() > 0) {
                // first token of a node wins: a mapping entry is placed at its key, not its value
                byPath.putIfAbsent(pathOf(delegate), new SourceLocation(location.getLineNr(), location.getColumnNr()));
            }
        }
        return token;
    }

    /** The base class's definition, through {@link #nextToken()} so nothing is read past the notes. */
    @Override
    public JsonToken nextValue() throws IOException {
        JsonToken token = nextToken();
        return token == JsonToken.FIELD_NAME ? nextToken() : token;
    }

    /** {@code questions[3].template.fields.dose} for the parser's current position. */
    static String pathOf(JsonParser parser) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext context = parser.getParsingContext(); context != null && !context.inRoot(); context = context.getParent()) {
            if (context.inObject() && context.getCurrentName() != null) {
                parts.push("." + context.getCurrentName());
            } else if (context.inArray() && context.getEntryCount() > 0) {
                // entry count 0: the parser stands on the array's own start, not on an element
                parts.push("[" + context.getCurrentIndex() + "]");
            }
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }
}
