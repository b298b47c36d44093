package dev.assay.common.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;

/**
 * A YAML or JSON text read into a tree once, with where each of its nodes starts: what a request
 * holding several documents (a run's benchmark and config) is split from.
 *
 * @param root the tree; null when the text holds nothing
 */
public record LocatedTree(JsonNode root, Locations locations) {

    public LocatedTree {
        locations = locations == null ? Locations.NONE : locations;
    }

    /**
     * Reads {@code text} with {@code mapper} (JSON or YAML); a syntax error is the mapper's exception,
     * with its position, and so are a second document and a YAML line too long to read in time.
     * Keys written twice are in the locations, for each part's reader to report.
     */
    public static LocatedTree parse(ObjectMapper mapper, String text) throws IOException {
        if (mapper.getFactory() instanceof YAMLFactory) {
            TextShapes.refuseTooLongLine(text);
        }
        LocatedTree quick = parseQuickly(mapper, text);
        return quick != null ? quick : parseLocating(mapper, text);
    }

    /**
     * The common case, a text without a key written twice (the parser's own check) and nothing after
     * its document: read once without noting places, which are noted from the text only when a
     * problem is to be placed. Null when the text is not such a text: {@link #parseLocating} then
     * reads it again and reports what is wrong exactly as it always did.
     */
    private static LocatedTree parseQuickly(ObjectMapper mapper, String text) {
        try (JsonParser parser = mapper.createParser(text)) {
            parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            JsonNode root = mapper.readTree(parser);
            if (parser.nextToken() != null) {
                return null;
            }
            return new LocatedTree(root == null || root.isMissingNode() ? null : root,
                    Locations.lazy(() -> LocatingParser.note(mapper.getFactory(), text)));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static LocatedTree parseLocating(ObjectMapper mapper, String text) throws IOException {
        try (LocatingParser parser = new LocatingParser(mapper.createParser(text))) {
            JsonNode root = mapper.readTree(parser);
            TextShapes.refuseMore(parser);
            return new LocatedTree(root == null || root.isMissingNode() ? null : root, parser.locations());
        }
    }

    /** The member {@code name} of the root mapping (null when absent), its locations addressed from it. */
    public LocatedTree member(String name) {
        JsonNode member = root == null ? null : root.get(name);
        return new LocatedTree(member, locations.member(name));
    }
}
