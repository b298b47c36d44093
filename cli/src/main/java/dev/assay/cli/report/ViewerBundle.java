package dev.assay.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The web viewer as report.html inlines it: the very bundle generation-service serves at
 * {@code /ui/bundle/app.js} — the ui module's ES modules bundled by esbuild at build time into one
 * module with no imports — and the viewer's stylesheet, both read from the assay-ui jar. One build,
 * one rendering for the live viewer and the report (docs/viewer.md).
 */
final class ViewerBundle {

    private static final String BASE = "/META-INF/resources/ui/";
    /** esbuild's pointer to app.js.map: the report carries no map, and a page must fetch nothing. */
    private static final String SOURCE_MAP = "//# sourceMappingURL=";

    private static volatile String script;

    private ViewerBundle() {
    }

    /** The viewer's code, for an inline {@code <script type="module">} at the end of the body. */
    static String script() {
        String bundled = script;
        if (bundled == null) {
            script = bundled = withoutSourceMap(read("bundle/app.js"));
        }
        return bundled;
    }

    /** The viewer's stylesheet. */
    static String style() {
        return read("style.css");
    }

    private static String withoutSourceMap(String code) {
        int map = code.lastIndexOf(SOURCE_MAP);
        String text = (map < 0 ? code : code.substring(0, map)).stripTrailing() + "\n";
        // either would change how the HTML parser reads the inline script (ending it early, or not at all)
        String lower = text.toLowerCase(Locale.ROOT);
        for (String breaking : new String[]{"</script", "<!--"}) {
            if (lower.contains(breaking)) {
                throw new IllegalStateException("the viewer's bundle contains \"" + breaking + "\", which report.html's inline script cannot carry");
            }
        }
        return text;
    }

    private static String read(String name) {
        try (InputStream in = ViewerBundle.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalStateException("the viewer's " + name + " is not on the CLI's class path (META-INF/resources/ui/" + name
                        + " of the assay-ui jar, which the ui module's build bundles)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("the viewer's " + name + " could not be read", e);
        }
    }
}
