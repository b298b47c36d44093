package dev.assay.cli;

import dev.assay.testsupport.Eventually;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A "browser" for {@code --open}: a script named by {@code ASSAY_BROWSER} that records the address it
 * was given and fetches that page and the viewer's bundle with curl, as a browser would, so a test
 * sees what would have been opened and that it was served.
 */
final class RecordingBrowser {

    private final Path script;

    RecordingBrowser(Path dir) throws IOException {
        script = dir.resolve("browser.sh");
        Files.writeString(script, """
                #!/bin/sh
                # the page without its #fragment, then the bundle it loads (ui/bundle/app.js)
                page="${1%%#*}"
                curl -s -o "$0.page" -w '%{http_code}\\n' "$page" > "$0.page-status"
                curl -s -o /dev/null -w '%{http_code}\\n' "${page}bundle/app.js" > "$0.bundle-status"
                printf '%s\\n' "$1" >> "$0.urls"
                """);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    }

    /** This process's environment with ASSAY_BROWSER set to the script. */
    Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put(Viewer.ASSAY_BROWSER, script.toString());
        return env;
    }

    /** The addresses opened, once {@code count} have been (the command does not wait for its browser). */
    List<String> awaitOpened(int count) {
        return Eventually.await(Duration.ofSeconds(60), () -> read("urls").lines().toList(), urls -> urls.size() >= count,
                count + " address(es) opened by " + script);
    }

    /** The HTTP status of the page last opened, and of its bundle. */
    String pageStatus() {
        return read("page-status").strip();
    }

    String bundleStatus() {
        return read("bundle-status").strip();
    }

    String page() {
        return read("page");
    }

    private String read(String suffix) {
        Path file = script.resolveSibling(script.getFileName() + "." + suffix);
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
