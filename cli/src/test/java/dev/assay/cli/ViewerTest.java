package dev.assay.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Map;

/** Which command {@code --open} runs: ASSAY_BROWSER over BROWSER over xdg-open, the address last or at %s. */
class ViewerTest {

    private static final String URL = "http://127.0.0.1:8080/ui/#/runs/run-1";

    @Test
    void assayBrowserWinsThenTheFirstOfBrowserThenXdgOpen() {
        assertThat(Viewer.command(URL, Map.of("ASSAY_BROWSER", "/opt/firefox --new-tab", "BROWSER", "chromium")))
                .containsExactly("/opt/firefox", "--new-tab", URL);
        assertThat(Viewer.command(URL, Map.of("BROWSER", "w3m -dump %s:lynx"))).containsExactly("w3m", "-dump", URL);
        assertThat(Viewer.command(URL, Map.of("ASSAY_BROWSER", " ", "BROWSER", ""))).containsExactly("xdg-open", URL);
        assertThat(Viewer.command(URL, Map.of())).containsExactly("xdg-open", URL);
    }

    @Test
    void theViewersAddresses() {
        assertThat(Viewer.url("http://127.0.0.1:8080")).isEqualTo("http://127.0.0.1:8080/ui/");
        assertThat(Viewer.runUrl("http://127.0.0.1:8080/", "run a")).isEqualTo("http://127.0.0.1:8080/ui/#/runs/run+a");
    }
}
