package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser that notes where each node starts while whatever reads through it (binding, a tree
 * reader) reads the text: the text is parsed once, and every later problem can be placed by its path.
 * Content that the reader skips (an unknown field's value) is read through here too.
 *
 * <p>A key written twice in one mapping is noted as a {@link Duplicate}: Jackson and SnakeYAML would
 * keep only the last value and silently drop the first.
 */
final class LocatingParser extends JsonParserDelegate {

    private final Map<String, SourceLocation> byPath = new HashMap<>();
    /** The keys of each open mapping, where each was written; a list's entry is an empty map, never written to. */
    private final Deque<Map<String, SourceLocation>> open = new ArrayDeque<>();
    private final List<Duplicate> duplicates = new ArrayList<>();

    LocatingParser(JsonParser parser) {
        super(parser);
    }

    /**
     * Where each node of the first document in {@code text} starts, read as {@code factory} reads
     * it: what binding the text through this parser would have noted. A syntax error ends the notes
     * where it stands (binding would have stopped there too).
     */
    static Map<String, SourceLocation> note(JsonFactory factory, String text) {
        try (LocatingParser parser = new LocatingParser(factory.createParser(text))) {
            try {
                if (parser.nextToken() != null) {
                    parser.skipChildren();
                }
            } catch (IOException e) {
                // noted up to the error
            }
            return Map.copyOf(parser.byPath);
        } catch (IOException e) {
            return Map.of();
        }
    }

    /** What was noted so far. */
    Locations locations() {
        return new Locations(Map.copyOf(byPath), "", List.copyOf(duplicates));
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken token = super.nextToken();
        if (token == null) {
            return null;
        }
        if (token.isStructEnd()) {
            open.poll();
            return token;
        }
        SourceLocation at = null;
        JsonLocation location = delegate.currentTokenLocation();
        if (location != null && location.getLineNr() > 0 && location.getColumnNr() > 0) {
            at = new SourceLocation(location.getLineNr(), location.getColumnNr());
            // first token of a node wins: a mapping entry is placed at its key, not its value
            byPath.putIfAbsent(pathOf(delegate), at);
        }
        if (token == JsonToken.FIELD_NAME && !open.isEmpty()) {
            Map<String, SourceLocation> keys = open.peek();
            String name = delegate.currentName();
            if (keys.containsKey(name)) {
                duplicates.add(new Duplicate(pathOf(delegate), name, keys.get(name), at));
            } else {
                keys.put(name, at);
            }
        } else if (token.isStructStart()) {
            open.push(new HashMap<>());
        }
        return token;
    }

    /** Skipped content is read through {@link #nextToken()}: a key written twice in it is found too. */
    @Override
    public JsonParser skipChildren() throws IOException {
        if (!currentToken().isStructStart()) {
            return this;
        }
        for (int depth = 1; depth > 0; ) {
            JsonToken token = nextToken();
            if (token == null) {
                return this;
            }
            depth += token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
        }
        return this;
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

    /**
     * A key written a second time in one mapping.
     *
     * @param path   the key's path ({@code questions})
     * @param first  where it was written first (null when the parser gave no place)
     * @param second where it was written again (null when the parser gave no place)
     */
    record Duplicate(String path, String key, SourceLocation first, SourceLocation second) {

        String message() {
            return "duplicate key \"" + key + "\"" + (first == null ? "" : ", also written at line " + first.line()
                    + ", column " + first.column()) + "; write each key once (only one of the values would be read)";
        }
    }
}
