package dev.assay.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The web viewer generation-service serves under /ui (docs/viewer.md): its address, and opening it in a browser. */
final class Viewer {

    /** The command that opens the viewer, overriding the others: its words, the address appended (or put where {@code %s} stands). */
    static final String ASSAY_BROWSER = "ASSAY_BROWSER";
    /** The usual variable: a colon-separated list of browser commands, of which the first is used. */
    static final String BROWSER = "BROWSER";
    private static final String DEFAULT = "xdg-open";

    private Viewer() {
    }

    static String url(String apiUrl) {
        return (apiUrl.endsWith("/") ? apiUrl : apiUrl + "/") + "ui/";
    }

    static String runUrl(String apiUrl, String runId) {
        return url(apiUrl) + "#/runs/" + URLEncoder.encode(runId, StandardCharsets.UTF_8);
    }

    /**
     * Asks a browser to open the address — {@code ASSAY_BROWSER}'s command, else {@code BROWSER}'s
     * first, else xdg-open; says so when that cannot be done, since the address is printed anyway.
     * Never waits for the browser.
     */
    static void open(String url, Map<String, String> env, PrintWriter out) {
        List<String> command = command(url, env);
        try {
            new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            out.println("assay: could not open a browser (" + command.get(0) + ": " + e.getMessage() + "); open " + url + " yourself");
        }
    }

    static List<String> command(String url, Map<String, String> env) {
        String chosen = env.get(ASSAY_BROWSER);
        if (chosen == null || chosen.isBlank()) {
            String browsers = env.getOrDefault(BROWSER, "");
            chosen = browsers.isBlank() ? DEFAULT : browsers.split(":")[0];
        }
        if (chosen.isBlank()) {
            chosen = DEFAULT;
        }
        List<String> words = new ArrayList<>(Arrays.asList(chosen.trim().split("\\s+")));
        if (words.contains("%s")) {
            words.replaceAll(word -> word.equals("%s") ? url : word);
        } else {
            words.add(url);
        }
        return words;
    }
}
