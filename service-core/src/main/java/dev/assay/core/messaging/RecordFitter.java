package dev.assay.core.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.TruncatedText;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Makes a stage's output fit the Kafka record limit (docs/messaging.md, "Record sizes"): a record whose
 * JSON is larger (a 5 MB model answer, a huge tool output or trace, each also kept in the calls) keeps its
 * structure and every field, but its longest texts are cut, each with a {@link TruncatedText} marker, until
 * it fits. A {@code VerificationResult} that carries a cut text (cut here or at an earlier stage) says so in
 * its {@code caveats}. So the result is stored, marked, instead of failing to be published and lost.
 */
public final class RecordFitter {

    /** A text is never cut below this many characters: the cut goes on to the next longest. */
    static final int MIN_KEEP = 1024;
    private static final int MAX_CUTS = 256;
    private static final String CAVEATS = "caveats";
    static final String CAVEAT = "the record was larger than the Kafka record limit: text cut short to fit (marked \""
            + TruncatedText.MARKER.trim() + "\"): ";

    private RecordFitter() {
    }

    /**
     * {@code json} itself when it fits in {@code maxBytes} and carries no cut text; else the same record with
     * its longest texts cut to fit (and a caveat where the record has {@code caveats}).
     *
     * @throws IllegalStateException when no text is long enough to cut and the record is still too large
     */
    public static String fit(String json, int maxBytes) {
        boolean fits = utf8Length(json) <= maxBytes;
        if (fits && !json.contains(TruncatedText.MARKER)) {
            return json;
        }
        JsonNode tree;
        try {
            tree = Json.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
        if (fits && !tree.path(CAVEATS).isArray()) {
            // a cut text from an earlier stage, in a record without caveats: nothing to add
            return json;
        }
        if (!fits) {
            cutToFit(tree, maxBytes);
        }
        addCaveat(tree);
        String fitted = write(tree);
        if (utf8Length(fitted) > maxBytes) {
            // the caveat itself may tip it over: cut once more
            cutToFit(tree, maxBytes);
            fitted = write(tree);
        }
        return fitted;
    }

    private static void cutToFit(JsonNode tree, int maxBytes) {
        for (int cuts = 0; cuts < MAX_CUTS; cuts++) {
            long excess = utf8Length(write(tree)) - maxBytes;
            if (excess <= 0) {
                return;
            }
            Text longest = texts(tree, "$").stream()
                    .filter(text -> text.value().length() > MIN_KEEP && !TruncatedText.isCut(text.value()))
                    .max(Comparator.comparingInt(text -> text.value().length()))
                    .orElseThrow(() -> new IllegalStateException("the record is " + excess + " bytes over the record limit of "
                            + maxBytes + " bytes with no text left to cut"));
            String value = longest.value();
            // a character is at most 3 bytes in UTF-8 (4 as a surrogate pair of 2 chars); escaping may add more,
            // so cut by the bytes over, never less than the half of what remains over MIN_KEEP
            long over = excess + 256;
            int keep = (int) Math.max(MIN_KEEP, Math.min(value.length() - over, value.length() / 2));
            longest.replace(TruncatedText.cut(value, keep, maxBytes));
        }
        throw new IllegalStateException("the record does not fit the record limit of " + maxBytes + " bytes after "
                + MAX_CUTS + " cuts");
    }

    /** In a record with a {@code caveats} array (a VerificationResult), one caveat naming every cut text. */
    private static void addCaveat(JsonNode tree) {
        if (!(tree instanceof ObjectNode object) || !(object.get(CAVEATS) instanceof ArrayNode caveats)) {
            return;
        }
        List<String> cut = texts(tree, "$").stream()
                .filter(text -> !text.path().startsWith("$." + CAVEATS) && TruncatedText.isCut(text.value()))
                .map(Text::path).toList();
        if (cut.isEmpty()) {
            return;
        }
        String caveat = CAVEAT + String.join(", ", cut.size() > 20 ? cut.subList(0, 20) : cut)
                + (cut.size() > 20 ? " and " + (cut.size() - 20) + " more" : "");
        // one such caveat: a later stage that cuts more replaces the earlier one
        for (int i = caveats.size() - 1; i >= 0; i--) {
            if (caveats.get(i).asText().startsWith(CAVEAT)) {
                caveats.remove(i);
            }
        }
        caveats.add(caveat);
    }

    /** A text in the tree, with where it is and how to replace it. */
    private record Text(String path, String value, JsonNode parent, String field, int index) {
        void replace(String text) {
            if (parent instanceof ObjectNode object) {
                object.set(field, TextNode.valueOf(text));
            } else {
                ((ArrayNode) parent).set(index, TextNode.valueOf(text));
            }
        }
    }

    private static List<Text> texts(JsonNode tree, String root) {
        List<Text> found = new ArrayList<>();
        collect(tree, root, found);
        return found;
    }

    private static void collect(JsonNode node, String path, List<Text> found) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> entry : object.properties()) {
                String at = path + "." + entry.getKey();
                if (entry.getValue().isTextual()) {
                    found.add(new Text(at, entry.getValue().textValue(), object, entry.getKey(), -1));
                } else {
                    collect(entry.getValue(), at, found);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                String at = path + "[" + i + "]";
                if (array.get(i).isTextual()) {
                    found.add(new Text(at, array.get(i).textValue(), array, null, i));
                } else {
                    collect(array.get(i), at, found);
                }
            }
        }
    }

    private static String write(JsonNode tree) {
        try {
            return Json.mapper().writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a record back: " + e.getOriginalMessage(), e);
        }
    }

    static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
