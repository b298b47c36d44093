package dev.assay.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The web viewer's ES modules (generation-service's {@code META-INF/resources/ui}, copied into this
 * jar by the build) as one classic script, so report.html can inline them: a page opened from
 * {@code file://} may not load module files, and a report must fetch nothing. Each module becomes a
 * function scope returning its exports; its imports read them from the modules before it.
 *
 * <p>It handles the forms the viewer uses — {@code import { a, b as c } from './x.js';} and
 * {@code export function|async function|const|let|class name} — and refuses any other import or
 * export, naming the module and the line, so a viewer change it cannot carry fails the build's tests
 * rather than a user's report.
 */
final class ViewerBundle {

    private static final String BASE = "viewer/";
    private static final String ENTRY = "app.js";
    private static final Pattern IMPORT = Pattern.compile("^import\\s*\\{([^}]*)}\\s*from\\s*'\\./([\\w.-]+\\.js)';\\s*$", Pattern.MULTILINE);
    private static final Pattern EXPORT = Pattern.compile("^export\\s+(async\\s+function\\*?|function\\*?|const|let|class)\\s+(\\w+)", Pattern.MULTILINE);
    private static final Pattern ANY_IMPORT_EXPORT = Pattern.compile("^\\s*(import|export)\\b.*$", Pattern.MULTILINE);

    private static volatile String script;

    private ViewerBundle() {
    }

    /** The viewer as one script, for a {@code <script>} element at the end of the body. */
    static String script() {
        String bundled = script;
        if (bundled == null) {
            script = bundled = bundle();
        }
        return bundled;
    }

    /** The viewer's stylesheet. */
    static String style() {
        return read("style.css");
    }

    private static String bundle() {
        Map<String, String> ordered = new LinkedHashMap<>();
        visit(ENTRY, ordered, new LinkedHashSet<>());
        StringBuilder out = new StringBuilder("(() => {\n'use strict';\nconst modules = {};\n");
        ordered.forEach((name, body) -> out.append("// ---- ").append(name).append('\n').append(body));
        out.append("})();\n");
        String text = out.toString();
        if (text.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
            throw new IllegalStateException("the viewer's code contains \"</script\", which would end report.html's script early");
        }
        return text;
    }

    /** Adds the module after the modules it imports (depth first), as a scope returning its exports. */
    private static void visit(String name, Map<String, String> done, Set<String> inProgress) {
        if (done.containsKey(name)) {
            return;
        }
        if (!inProgress.add(name)) {
            throw new IllegalStateException("the viewer's modules import each other in a cycle through " + name);
        }
        String source = read(name);
        List<String> imports = new ArrayList<>();
        Matcher imported = IMPORT.matcher(source);
        StringBuilder body = new StringBuilder();
        while (imported.find()) {
            String from = imported.group(2);
            visit(from, done, inProgress);
            String names = imported.group(1).trim().replaceAll("\\s+as\\s+", ": ");
            imported.appendReplacement(body, Matcher.quoteReplacement("const { " + names + " } = modules['" + from + "'];"));
            imports.add(from);
        }
        imported.appendTail(body);
        List<String> exports = new ArrayList<>();
        Matcher exported = EXPORT.matcher(body.toString());
        StringBuilder stripped = new StringBuilder();
        while (exported.find()) {
            exports.add(exported.group(2));
            exported.appendReplacement(stripped, Matcher.quoteReplacement(exported.group(1) + " " + exported.group(2)));
        }
        exported.appendTail(stripped);
        Matcher left = ANY_IMPORT_EXPORT.matcher(stripped.toString());
        if (left.find()) {
            throw new IllegalStateException("viewer module " + name + ": report.html cannot inline \"" + left.group().trim()
                    + "\" (only import { … } from './x.js' and export function/const/let/class are carried)");
        }
        inProgress.remove(name);
        done.put(name, "modules['" + name + "'] = (() => {\n" + stripped + "\nreturn { " + String.join(", ", exports) + " };\n})();\n");
    }

    private static String read(String name) {
        try (InputStream in = ViewerBundle.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalStateException("the viewer's " + name + " is not in the CLI's jar (dev/assay/cli/report/" + BASE + name
                        + "); the build copies generation-service's META-INF/resources/ui there");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("the viewer's " + name + " could not be read", e);
        }
    }
}
