package dev.assay.importers.karenina;

import dev.assay.importers.ImportException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A file that is not a checkpoint is refused as a whole, naming the file and the problem. */
class KareninaCheckpointErrorsTest {

    private final KareninaImporter importer = new KareninaImporter();

    @Test
    void anotherSchemaOrgTypeIsNotACheckpoint() {
        Path file = KareninaImporterTest.FIXTURES.resolve("dataset.jsonld");

        assertThatThrownBy(() -> importer.read(file)).isInstanceOf(ImportException.class)
                .hasMessage(file + ": not a Karenina checkpoint: the root @type is \"Dataset\", expected \"DataFeed\"");
    }

    @Test
    void textThatIsNotJsonSaysWhere() {
        Path file = KareninaImporterTest.FIXTURES.resolve("not-json.jsonld");

        assertThatThrownBy(() -> importer.read(file)).isInstanceOf(ImportException.class)
                .hasMessageStartingWith(file + ": not JSON (")
                .hasMessageContaining("line 3");
    }

    @Test
    void theRootMustBeADataFeedObjectWithItsElements(@TempDir Path dir) throws IOException {
        assertRefused(dir, "list.jsonld", "[{\"@type\": \"DataFeed\"}]",
                "not a Karenina checkpoint: the root is a list, expected an object with \"@type\": \"DataFeed\"");
        assertRefused(dir, "untyped.jsonld", "{\"name\": \"x\", \"dataFeedElement\": []}",
                "not a Karenina checkpoint: the root has no @type, expected \"DataFeed\"");
        assertRefused(dir, "no-elements.jsonld", "{\"@type\": \"DataFeed\", \"name\": \"x\"}",
                "not a Karenina checkpoint: it has no dataFeedElement list (the questions)");
        assertRefused(dir, "empty.jsonld", "{\"@type\": \"schema:DataFeed\", \"dataFeedElement\": []}",
                "no question to import (dataFeedElement is empty)");
        assertRefused(dir, "textless.jsonld", "{\"@type\": [\"DataFeed\"], \"dataFeedElement\": [{\"item\": {\"text\": \" \"}}, 3]}",
                "no question to import: dataFeedElement[0]: no question text (item.text); dataFeedElement[1]: not an object");
    }

    @Test
    void aMissingFileOrAFolderIsNamed(@TempDir Path dir) {
        assertThatThrownBy(() -> importer.read(dir.resolve("gone.jsonld"))).isInstanceOf(ImportException.class)
                .hasMessage(dir.resolve("gone.jsonld") + ": no such file");
        assertThatThrownBy(() -> importer.read(dir)).isInstanceOf(ImportException.class)
                .hasMessage(dir + ": is a folder; give the checkpoint file (.jsonld or .json)");
    }

    private void assertRefused(Path dir, String name, String content, String problem) throws IOException {
        Path file = Files.writeString(dir.resolve(name), content);
        assertThatThrownBy(() -> importer.read(file)).isInstanceOf(ImportException.class).hasMessage(file + ": " + problem);
    }
}
