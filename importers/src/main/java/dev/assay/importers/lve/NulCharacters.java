package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * U+0000 in a recording, replaced by U+FFFD (the replacement character). Assay refuses NUL in a
 * benchmark or run config, since results cannot store it; one model's stray NUL should not cost the
 * import or the run its other questions, so the import replaces it and says where.
 */
final class NulCharacters {

    static final char NUL = '\0';
    static final char REPLACEMENT = '\uFFFD';

    private NulCharacters() {
    }

    /** {@code node} with every NUL in its texts and names replaced; each place it was found added to {@code places}. */
    static JsonNode replace(JsonNode node, String path, List<String> places) {
        if (node.isTextual()) {
            if (node.textValue().indexOf(NUL) < 0) {
                return node;
            }
            places.add(path);
            return TextNode.valueOf(node.textValue().replace(NUL, REPLACEMENT));
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < node.size(); i++) {
                copy.add(replace(node.get(i), path + "[" + i + "]", places));
            }
            return copy;
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String name = field.getKey();
                if (name.indexOf(NUL) >= 0) {
                    places.add(path + " (a name)");
                    name = name.replace(NUL, REPLACEMENT);
                }
                copy.set(name, replace(field.getValue(), path + "." + name, places));
            }
            return copy;
        }
        return node;
    }

    /** What the report says of the places NUL was replaced. */
    static String note(List<String> places) {
        return "the recording holds the NUL character (U+0000), which Assay's results cannot store: replaced by U+FFFD in "
                + String.join(", ", places) + " (a checker that looks for NUL can judge it differently from LVE)";
    }
}
