package dev.assay.importers.karenina;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.validation.InputFiles;
import dev.assay.common.json.Json;
import dev.assay.importers.ImportException;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a checkpoint file and makes sure it is one: JSON, an object whose {@code @type} is
 * {@code DataFeed}, with a {@code dataFeedElement} list. Anything else is an {@link ImportException}
 * naming the file and what is wrong.
 */
final class CheckpointReader {

    private CheckpointReader() {
    }

    static Checkpoint read(Path source) {
        String file = source.toString();
        if (Files.isDirectory(source)) {
            throw new ImportException(file + ": is a folder; give the checkpoint file (.jsonld or .json)");
        }
        if (!Files.isRegularFile(source)) {
            throw new ImportException(file + ": no such file");
        }
        JsonNode root;
        try {
            root = Json.mapper().readTree(InputFiles.readString(source));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new ImportException(file + ": not JSON (" + e.getOriginalMessage() + where + ")", e);
        } catch (InputFiles.TooLargeException e) {
            throw new ImportException(file + ": " + e.getMessage(), e);
        } catch (CharacterCodingException e) {
            throw new ImportException(file + ": not UTF-8 text, so not a checkpoint", e);
        } catch (IOException e) {
            throw new ImportException(file + ": cannot be read (" + e.getMessage() + ")", e);
        }
        if (root == null || root.isMissingNode()) {
            throw new ImportException(file + ": is empty");
        }
        if (!root.isObject()) {
            throw notCheckpoint(file, "the root is " + (root.isArray() ? "a list" : "a single value")
                    + ", expected an object with \"@type\": \"DataFeed\"");
        }
        JsonNode type = root.get("@type");
        if (type == null || type.isNull()) {
            throw notCheckpoint(file, "the root has no @type, expected \"DataFeed\"");
        }
        if (!isDataFeed(type)) {
            throw notCheckpoint(file, "the root @type is " + type + ", expected \"DataFeed\"");
        }
        if (!root.path("dataFeedElement").isArray()) {
            throw notCheckpoint(file, "it has no dataFeedElement list (the questions)");
        }
        return new Checkpoint(file, root);
    }

    /** {@code "DataFeed"}, prefixed ({@code schema:DataFeed}, {@code https://schema.org/DataFeed}) or in a list of types. */
    private static boolean isDataFeed(JsonNode type) {
        if (type.isArray()) {
            for (JsonNode item : type) {
                if (isDataFeed(item)) {
                    return true;
                }
            }
            return false;
        }
        String text = type.asText();
        return text.equals("DataFeed") || text.equals("schema:DataFeed") || text.matches("https?://schema\\.org/DataFeed");
    }

    private static ImportException notCheckpoint(String file, String why) {
        return new ImportException(file + ": not a Karenina checkpoint: " + why);
    }
}
