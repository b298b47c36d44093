package dev.assay.cli.report;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * report.html opened from {@code file://} in a real headless Chromium: the viewer's own code, inlined,
 * draws the run's matrix and a result's page from the data in the file, with nothing fetched.
 * Screenshots go to {@code target/screenshots/}.
 */
class ReportBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private static WebDriver browser;
    private static Path report;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "skipped: report.html's browser test needs Debian's chromium and chromium-driver "
                        + "(/usr/bin/chromium, /usr/bin/chromedriver): apt-get install chromium chromium-driver (.ci/run does)");
        Path dir = Files.createDirectories(Path.of("target", "report-browser"));
        Reports.writeAll(dir, ReportFixtures.run());
        report = dir.resolve("report.html").toAbsolutePath();
        Files.createDirectories(SCREENSHOTS);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,1100");
        browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build(), options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void theViewersCodeDrawsTheRunsMatrixFromTheFile() {
        open("");
        await(By.cssSelector("#matrix tbody tr"));
        assertThat(pageError()).isEmpty();
        // benchmark order is the results' question order here (no headline): de, fr; one column per model × judge
        assertThat(rowOrder()).containsExactly("de", "fr");
        assertThat(browser.findElements(By.cssSelector("#matrix th.col"))).extracting(WebElement::getText)
                .allSatisfy(head -> assertThat(head).contains("judge-1"));
        // each result a square in its status' colour, the error striped purple, as at /ui/
        assertThat(cell("r1").getAttribute("data-status")).isEqualTo("passed");
        assertThat(cell("r2").getAttribute("data-status")).isEqualTo("failed");
        assertThat(cell("r3").getAttribute("data-status")).isEqualTo("error");
        assertThat(cell("r4").getAttribute("data-status")).isEqualTo("abstained");
        assertThat(cell("r1").getCssValue("background-color")).isEqualTo("rgba(212, 244, 220, 1)");
        assertThat(cell("r3").getCssValue("background-image")).contains("repeating-linear-gradient");
        assertThat(browser.findElement(By.cssSelector("#counts [data-count='error'] b")).getText()).isEqualTo("1");
        // the charts are the viewer's: pass rate from the report's statistics, and the trait distributions
        await(By.id("chart-pass-rate"));
        assertThat(browser.findElement(By.cssSelector("#chart-trait-depth rect[data-bucket='4']")).getAttribute("data-count")).isEqualTo("1");
        // the static report's summary and statistics stay under it; its own questions and charts give way
        assertThat(browser.findElement(By.id("summary")).isDisplayed()).isTrue();
        assertThat(browser.findElement(By.id("questions")).isDisplayed()).isFalse();
        screenshot("report-run");
    }

    @Test
    void aResultsPageShowsItsPromptsAsSentAndEscapesWhatTheModelWrote() {
        open("");
        await(By.cssSelector("#matrix a.cell"));
        cell("r1").click();
        await(By.id("calls"));
        assertThat(pageError()).isEmpty();
        // every call, the folded ones too
        assertThat(text(browser.findElement(By.id("calls")))).contains("Answer briefly.", "Extract the city from: Paris");
        assertThat(browser.findElement(By.id("fields")).getText()).contains("city").contains("Paris");
        assertThat(browser.findElement(By.id("static-report")).isDisplayed()).as("a result's page stands alone").isFalse();
        screenshot("report-result");

        open("#/runs/" + ReportFixtures.run().runId() + "/results/r2");
        await(By.id("response"));
        // the model's "<script>" is text on the page, not an element
        assertThat(text(browser.findElement(By.id("response")))).isEqualTo(ReportFixtures.NASTY_RESPONSE);
        assertThat(browser.findElements(By.cssSelector("#response script"))).isEmpty();
        // the error's result, whose prompt a hand-written record gives as a bare string
        open("#/runs/" + ReportFixtures.run().runId() + "/results/r3");
        await(By.id("failure"));
        assertThat(text(browser.findElement(By.id("calls")))).contains("What is the capital of France?", "429 Too Many Requests");
    }

    private static void open(String fragment) {
        browser.get("about:blank");
        browser.get(report.toUri() + fragment);
    }

    private static WebElement await(By by) {
        return new WebDriverWait(browser, WAIT).withMessage(() -> "page error: " + pageError())
                .until(ExpectedConditions.presenceOfElementLocated(by));
    }

    private static String pageError() {
        List<WebElement> errors = browser.findElements(By.id("page-error"));
        return errors.isEmpty() ? "" : errors.get(0).getText();
    }

    private static WebElement cell(String resultId) {
        return browser.findElement(By.cssSelector("#matrix a.cell[data-result='" + resultId + "']"));
    }

    @SuppressWarnings("unchecked")
    private static List<String> rowOrder() {
        return (List<String>) ((JavascriptExecutor) browser).executeScript(
                "return [...document.querySelectorAll('#matrix tbody tr')].map(row => row.dataset.question)");
    }

    private static String text(WebElement element) {
        return (String) ((JavascriptExecutor) browser).executeScript("return arguments[0].textContent", element);
    }

    private static void screenshot(String name) {
        File file = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        try {
            Files.copy(file.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("could not write screenshot " + name, e);
        }
    }
}
