package dev.assay.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** The web viewer generation-service serves under /ui (docs/viewer.md): its address, and opening it in a browser. */
final class Viewer {

    private Viewer() {
    }

    static String url(String apiUrl) {
        return (apiUrl.endsWith("/") ? apiUrl : apiUrl + "/") + "ui/";
    }

    static String runUrl(String apiUrl, String runId) {
        return url(apiUrl) + "#/runs/" + URLEncoder.encode(runId, StandardCharsets.UTF_8);
    }

    /**
     * Asks the desktop to open the address (xdg-open); says so when that cannot be done, since the
     * address is printed anyway. Never waits for the browser.
     */
    static void open(String url, PrintWriter out) {
        try {
            new ProcessBuilder("xdg-open", url).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            out.println("assay: could not open a browser (xdg-open: " + e.getMessage() + "); open " + url + " yourself");
        }
    }
}
