package dev.assay.importers.lve;

import dev.assay.common.benchmark.Question;
import dev.assay.importers.ImportResult;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The LVE-style repository under src/test/resources/lve/repository, written for these tests. */
final class LveFixture {

    private LveFixture() {
    }

    static Path repository() {
        try {
            return Path.of(LveFixture.class.getResource("/lve/repository").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ImportResult imported() {
        return new LveImporter().read(repository());
    }

    static Question question(ImportResult result, String id) {
        return result.benchmark().questions().stream().filter(q -> q.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no question " + id));
    }
}
