package dev.assay.importers;

import dev.assay.importers.jsonl.JsonlImporter;
import dev.assay.importers.karenina.KareninaImporter;
import dev.assay.importers.lve.LveImporter;

import java.util.List;

/** The importers Assay ships with, in the order help texts list them. */
final class BuiltInImporters {

    private BuiltInImporters() {
    }

    static List<BenchmarkImporter> list() {
        return List.of(
                new KareninaImporter(),
                new LveImporter(),
                new JsonlImporter());
    }
}
