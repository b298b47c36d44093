package dev.assay.importers;

import dev.assay.common.text.Suggestions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every importer by format name: the built-in ones, then any a user's jar declares in
 * {@code META-INF/services/dev.assay.importers.BenchmarkImporter}. Adding a format is adding a
 * class, never editing a switch.
 */
public final class Importers {

    private static final Importers DEFAULT = new Importers(discover());

    private final Map<String, BenchmarkImporter> byFormat;

    public Importers(List<BenchmarkImporter> importers) {
        Map<String, BenchmarkImporter> map = new LinkedHashMap<>();
        for (BenchmarkImporter importer : importers) {
            BenchmarkImporter clash = map.putIfAbsent(importer.format(), importer);
            if (clash != null && clash.getClass() != importer.getClass()) {
                throw new IllegalStateException("two importers claim the format \"" + importer.format() + "\": "
                        + clash.getClass().getName() + " and " + importer.getClass().getName());
            }
        }
        this.byFormat = Collections.unmodifiableMap(map);
    }

    /** The built-in importers and those on the class path. */
    public static Importers standard() {
        return DEFAULT;
    }

    public List<String> formats() {
        return List.copyOf(byFormat.keySet());
    }

    public List<BenchmarkImporter> all() {
        return List.copyOf(byFormat.values());
    }

    public Optional<BenchmarkImporter> lookup(String format) {
        return Optional.ofNullable(format == null ? null : byFormat.get(format));
    }

    /** The importer, or an {@link ImportException} naming the formats there are. */
    public BenchmarkImporter require(String format) {
        return lookup(format).orElseThrow(() -> new ImportException("unknown import format \"" + format + "\""
                + Suggestions.didYouMean(format, formats()) + "; expected one of " + String.join(", ", formats())));
    }

    private static List<BenchmarkImporter> discover() {
        List<BenchmarkImporter> found = new ArrayList<>(BuiltInImporters.list());
        ServiceLoader.load(BenchmarkImporter.class, Importers.class.getClassLoader()).forEach(found::add);
        return found;
    }
}
