package dev.assay.viewer;

import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.StubLlmResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
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
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The web viewer (docs/viewer.md) in a real headless Chromium, over runs submitted through the API
 * and carried through the whole pipeline — the three services in this one application, the real
 * broker and PostgreSQL, the stub LLM. Screenshots of every page go to {@code target/screenshots/}.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
class ViewerBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Pattern ANSWER = Pattern.compile("ANSWER: (\\w+)");

    /** What the answering models say, per phase (the second run changes some answers). */
    private static final Map<String, String> FIRST = Map.of(
            "model-a|France", "Paris", "model-a|Germany", "Berlin", "model-a|gold", "Au", "model-a|Japan", "Kyoto",
            "model-b|France", "Lyon", "model-b|Germany", "Berlin", "model-b|Japan", "Tokyo");
    private static final Map<String, String> SECOND = Map.of(
            "model-a|France", "Paris", "model-a|Germany", "Munich", "model-a|gold", "Au", "model-a|Japan", "Tokyo",
            "model-b|France", "Paris", "model-b|Germany", "Berlin", "model-b|Japan", "Tokyo");

    private static WebDriver browser;
    private static String firstRun;
    /** The request the stub received for model-a's answer to fr in the first run. */
    private static RecordedRequest firstRunFrance;
    private static volatile Map<String, String> answers = FIRST;
    /** Holds the judge's parses of the live run's held-back answers, until the page has shown the stages' counts. */
    private static volatile CountDownLatch liveGate = new CountDownLatch(0);

    @InjectStubLlm
    StubLlmServer stub;

    @TestHTTPResource("/")
    URL base;

    @jakarta.inject.Inject
    dev.assay.generation.repository.RunRepository runs;

    @BeforeAll
    static void startBrowser() throws IOException {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "skipped: the viewer's browser tests need Debian's chromium and chromium-driver "
                        + "(/usr/bin/chromium, /usr/bin/chromedriver): apt-get install chromium chromium-driver (.ci/run does)");
        Files.createDirectories(SCREENSHOTS);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,1100");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @BeforeEach
    void script() {
        stub.reset();
        stub.fallback(StubReply.computed(ViewerBrowserTest::reply));
        RestAssured.baseURI = base.toString();
    }

    @Test
    void aRunWithPassesFailuresAndErrorsShowsTheirColoursCountsAndRates() {
        String runId = firstRun();
        open("#/runs/" + runId);
        await(By.cssSelector("#matrix tbody tr"));

        assertThat(count("passed")).isEqualTo("5");
        assertThat(count("failed")).isEqualTo("2");
        assertThat(count("error")).isEqualTo("1");
        assertThat(cells("passed")).hasSize(5);
        assertThat(cells("failed")).hasSize(2);
        assertThat(cells("error")).hasSize(1);
        String passed = style(cells("passed").get(0), "background-color");
        String failed = style(cells("failed").get(0), "background-color");
        String error = style(cells("error").get(0), "background-image");
        assertThat(passed).isEqualTo("rgba(212, 244, 220, 1)");
        assertThat(failed).isEqualTo("rgba(255, 217, 217, 1)");
        assertThat(error).contains("repeating-linear-gradient").contains("233, 221, 255");
        // stable order: the benchmark's
        assertThat(rowOrder()).containsExactly("fr", "de", "au", "jp");
        // per column: model-a 3 of 4, model-b 2 of 3 (its error is no verdict)
        assertThat(columnRates()).containsExactly("75 %", "67 %");
        await(By.id("chart-pass-rate"));
        screenshot("run-matrix");

        browser.findElement(By.id("failures-first")).click();
        assertThat(rowOrder()).containsExactly("fr", "au", "jp", "de");
        screenshot("run-failures-first");

        open("#/");
        WebElement row = await(By.cssSelector("#runs tr[data-run='" + runId + "']"));
        new WebDriverWait(browser, WAIT).until(d -> !row.findElement(By.cssSelector("td.benchmark")).getText().equals("…"));
        assertThat(row.findElement(By.cssSelector("td.benchmark")).getText()).isEqualTo("viewer-capitals");
        assertThat(row.findElement(By.cssSelector("td.has-errors")).getText()).isEqualTo("1");
        assertThat(row.getText()).contains("71.4 %");
        screenshot("runs");
    }

    @Test
    void filtersNarrowTheMatrix() {
        open("#/runs/" + firstRun());
        await(By.cssSelector("#matrix tbody tr"));
        assertThat(rowOrder()).hasSize(4);

        select("filter-verdict", "failed");
        assertThat(rowOrder()).containsExactly("fr", "jp");
        assertThat(browser.findElement(By.id("page-info")).getText()).contains("2 of 4 questions");
        screenshot("run-filtered-failed");
        select("filter-verdict", "");

        select("filter-category", "retry");
        assertThat(rowOrder()).containsExactly("au");
        select("filter-category", "");

        select("filter-tag", "asia");
        assertThat(rowOrder()).containsExactly("jp");
        select("filter-tag", "");

        select("filter-model", "openai:model-b");
        assertThat(browser.findElements(By.cssSelector("#matrix th.col"))).hasSize(1);
        select("filter-model", "");

        browser.findElement(By.id("filter-text")).sendKeys("Germany");
        new WebDriverWait(browser, WAIT).until(d -> rowOrder().equals(List.of("de")));
        assertThat(rowOrder()).containsExactly("de");
    }

    @Test
    void aResultShowsThePromptTheStubReceivedExactly() {
        String runId = firstRun();
        open("#/runs/" + runId);
        String resultId = await(By.cssSelector("tr[data-question='fr'] td.cells a.cell")).getAttribute("data-result");
        open("#/runs/" + runId + "/results/" + resultId);
        await(By.id("calls"));

        RecordedRequest sent = firstRunFrance;
        List<WebElement> shown = browser.findElements(By.cssSelector("details.call[data-task='generation'] ol.messages > li"));
        assertThat(shown).hasSize(sent.messages().size());
        for (int i = 0; i < shown.size(); i++) {
            assertThat(shown.get(i).getAttribute("class")).isEqualTo("role-" + sent.messages().get(i).role());
            assertThat(text(shown.get(i).findElement(By.cssSelector("pre")))).isEqualTo(sent.messages().get(i).content());
        }
        assertThat(text(browser.findElement(By.id("response")))).isEqualTo("ANSWER: Paris");
        assertThat(browser.findElement(By.id("fields")).getText()).contains("city").contains("Paris");
        screenshot("result");
    }

    @Test
    void aResultShowsItsExcerptsInTheResponseAndTheAgentTraceTurnByTurn() {
        // an agent's result with deep judgment, published straight to assay.results as any producer may
        String runId = "run-viewer-agent-" + Long.toHexString(System.nanoTime());
        List<Map.Entry<String, String>> records = new java.util.ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String id = runId + "-r" + i;
            records.add(Map.entry(id, """
                    {"schema_version":1,"run_id":"%s","job_id":"%s","result_id":"%s","question_id":"q%d",
                     "question":"What is the capital of Norway?","answering_model":"openai:agent","judge":"openai:judge-1","replicate":1,
                     "evaluation_mode":"template_and_rubric","status":"passed",
                     "response":"After looking it up: the capital is Oslo, and it has been since 1814.",
                     "agent":{"final_response":"the capital is Oslo","turns":2,"limit_reached":false,"trace_messages":[
                       {"role":"user","content":[{"type":"text","text":"What is the capital of Norway?"}]},
                       {"role":"assistant","content":[{"type":"tool_use","id":"call_1","name":"lookup","input":{"country":"Norway"}}]},
                       {"role":"tool","content":[{"type":"tool_result","tool_use_id":"call_1","content":"Oslo (capital since 1814)","is_error":false}]},
                       {"role":"assistant","content":[{"type":"text","text":"After looking it up: the capital is Oslo."}]}],
                       "workspace":{"files":[{"path":"notes/norway.md","content":"Oslo: capital since 1814."}],
                         "total_bytes":25,"max_bytes":4096,"limit_reached":true}},
                     "deep_judgment":{"mode":"full","excerpts":{"city":[
                         {"text":"the capital is Oslo","confidence":"high","similarity_score":0.98,"hallucination_risk":"low"},
                         {"text":"since 1814","confidence":"medium","similarity_score":0.9,"hallucination_risk":"high"}]},
                       "reasoning":{"city":"The response names Oslo."},"model_calls":3},
                     "investigation":{"final_response":"city: Oslo, from the lookup","turns":2,"limit_reached":true,"trace_messages":[
                       {"role":"user","content":[{"type":"text","text":"Investigate the answer under review."}]},
                       {"role":"assistant","content":[{"type":"tool_use","id":"inv_1","name":"read_turn","input":{"turn":2}}]},
                       {"role":"tool","content":[{"type":"tool_result","tool_use_id":"inv_1","content":"lookup returned Oslo","is_error":false}]},
                       {"role":"assistant","content":[{"type":"text","text":"The city the answer gives is Oslo."}]}],
                       "usage":{"input_tokens":30,"output_tokens":12,"total_tokens":42},
                       "workspace_files_read":["notes/norway.md"]},
                     "rubric":[{"name":"clarity","kind":"score","score":%d,"reasoning":"Clear enough.",
                       "investigation":{"final_response":"clear","turns":1,"limit_reached":false,"trace_messages":[
                         {"role":"user","content":[{"type":"text","text":"Is the answer clear?"}]},
                         {"role":"assistant","content":[{"type":"text","text":"Clear: one sentence, one claim."}]}]}}],
                     "usage":{"total":{"total_tokens":10}},"timings_ms":{"generation":5},"caveats":[]}
                    """.formatted(runId, id, id, i, i == 3 ? 5 : 4).replace("\n", "")));
        }
        records.forEach(record -> dev.assay.common.json.Json.read(record.getValue(), dev.assay.common.pipeline.VerificationResult.class));
        dev.assay.testsupport.TopicClient.publishAll(dev.assay.common.pipeline.Topics.RESULTS, records);
        Eventually.await(Duration.ofMinutes(2), () -> RestAssured.get("/api/runs/" + runId),
                run -> run.statusCode() == 200 && run.jsonPath().getInt("counts.done") == 3, "3 results of " + runId + " stored");

        open("#/runs/" + runId + "/results/" + runId + "-r1");
        await(By.id("trace"));
        // each excerpt marked where it stands in the response; the high-risk one apart
        List<WebElement> marks = browser.findElements(By.cssSelector("#response mark.excerpt"));
        assertThat(marks).extracting(ViewerBrowserTest::text).containsExactly("the capital is Oslo", "since 1814");
        assertThat(marks.get(1).getAttribute("class")).contains("risk-high");
        assertThat(text(browser.findElement(By.id("response")))).isEqualTo("After looking it up: the capital is Oslo, and it has been since 1814.");
        // the trace turn by turn: the question, the tool call, its result, the answer
        List<WebElement> turns = browser.findElements(By.cssSelector("#trace > li"));
        assertThat(turns).extracting(turn -> turn.findElement(By.className("role")).getText().toLowerCase())
                .containsExactly("user", "assistant · turn 1", "tool", "assistant · turn 2");
        assertThat(text(turns.get(1))).contains("tool call lookup (call_1)").contains("\"country\": \"Norway\"");
        assertThat(text(turns.get(2))).contains("tool result (call_1)").contains("Oslo (capital since 1814)");
        assertThat(text(turns.get(3))).contains("After looking it up: the capital is Oslo.");
        // the files the agent left in its workspace, folded under path and size, the refused write noted
        WebElement files = browser.findElement(By.id("trace-workspace"));
        assertThat(text(files.findElement(By.tagName("h3")))).contains("1 file", "25 of 4,096 bytes", "a write was refused");
        WebElement file = files.findElement(By.cssSelector("details[data-path='notes/norway.md']"));
        assertThat(text(file.findElement(By.tagName("summary")))).isEqualTo("notes/norway.md (25 bytes)");
        assertThat(file.findElement(By.tagName("pre")).getAttribute("textContent")).isEqualTo("Oslo: capital since 1814.");
        // and which of them the investigating judge read; the trait's judge, given none, records no list
        assertThat(text(browser.findElement(By.id("investigation-files-read")))).contains("workspace files read", "notes/norway.md");
        assertThat(browser.findElements(By.id("investigation-trait-clarity-files-read"))).isEmpty();
        // the judge's investigations, turn by turn as well: agentic parsing's, and the agentic trait's
        List<WebElement> investigated = browser.findElements(By.cssSelector("#investigation > li"));
        assertThat(investigated).extracting(turn -> turn.findElement(By.className("role")).getText().toLowerCase())
                .containsExactly("user", "assistant · turn 1", "tool", "assistant · turn 2");
        assertThat(text(investigated.get(1))).contains("tool call read_turn (inv_1)").contains("\"turn\": 2");
        assertThat(text(investigated.get(2))).contains("tool result (inv_1)").contains("lookup returned Oslo");
        assertThat(text(investigated.get(3))).contains("The city the answer gives is Oslo.");
        WebElement parsingCard = browser.findElement(By.id("investigation")).findElement(By.xpath("./ancestor::section"));
        assertThat(text(parsingCard)).contains("Judge's investigation (agentic parsing)").contains("42");
        List<WebElement> traitTurns = browser.findElements(By.cssSelector("#investigation-trait-clarity > li"));
        assertThat(traitTurns).extracting(turn -> turn.findElement(By.className("role")).getText().toLowerCase())
                .containsExactly("user", "assistant · turn 1");
        assertThat(text(traitTurns.get(1))).contains("Clear: one sentence, one claim.");
        assertThat(text(browser.findElement(By.id("investigation-trait-clarity")).findElement(By.xpath("./ancestor::section"))))
                .contains("Judge's investigation of trait clarity");
        screenshot("result-agent");
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", parsingCard);
        screenshot("result-investigation");

        // the trait's scores as a distribution: two results scored 4, one 5
        open("#/runs/" + runId);
        await(By.id("chart-trait-clarity"));
        assertThat(browser.findElement(By.cssSelector("#chart-trait-clarity rect[data-bucket='4']")).getAttribute("data-count")).isEqualTo("2");
        assertThat(browser.findElement(By.cssSelector("#chart-trait-clarity rect[data-bucket='5']")).getAttribute("data-count")).isEqualTo("1");
        screenshot("run-charts");
    }

    @Test
    void liveProgressAdvancesDuringARun() throws Exception {
        liveGate = new CountDownLatch(1);
        String runId;
        try {
            runId = submit(LIVE_BENCHMARK, config("live-run", List.of("model-live")));
            open("#/runs/" + runId);
            await(By.id("live-progress"));
            // every question is answered (l4's call fails), l1 and l4 go on to the end, and the
            // judge's parses of l2 and l3 are held: each stage shows its own count while the run runs
            Map<String, String> held = new WebDriverWait(browser, WAIT).withMessage(() -> "the live panel shows: " + live())
                    .until(d -> {
                        Map<String, String> live = live();
                        // the error is listed from its event, or (stored before the page subscribed) from the matrix
                        return "4".equals(live.get("generation.done")) && "2".equals(live.get("parsing.done"))
                                && "2".equals(live.get("rubric.done")) && "2".equals(live.get("done"))
                                && String.valueOf(live.get("errors")).contains("l4") ? live : null;
                    });
            assertThat(held).containsEntry("generation.failed", "1").containsEntry("rubric.failed", "1")
                    .containsEntry("generation.text", "4 of 4").containsEntry("parsing.text", "2 of 4").containsEntry("rubric.text", "2 of 4");
            assertThat(held.get("figures")).contains("2 of 4").contains("running");
            screenshot("run-live");
        } finally {
            liveGate.countDown();
        }
        Map<String, String> done = new WebDriverWait(browser, WAIT).withMessage(() -> "the live panel shows: " + live())
                .until(d -> {
                    Map<String, String> live = live();
                    return "4".equals(live.get("done")) && String.valueOf(live.get("figures")).contains("completed") ? live : null;
                });
        assertThat(done).containsEntry("generation.done", "4").containsEntry("parsing.done", "4").containsEntry("rubric.text", "4 of 4");
        new WebDriverWait(browser, WAIT).until(d -> d.findElements(By.cssSelector("#matrix a.cell")).size() == 4);
    }

    /** The live panel's figures, read in one script, so a re-render between two reads cannot mix two states. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> live() {
        return (Map<String, String>) ((JavascriptExecutor) browser).executeScript("""
                const out = {};
                for (const stage of ['generation', 'parsing', 'rubric']) {
                  const row = document.getElementById('live-stage-' + stage);
                  if (!row) continue;
                  out[stage + '.done'] = row.dataset.done;
                  out[stage + '.failed'] = row.dataset.failed;
                  out[stage + '.text'] = row.querySelector('.stage-done').textContent;
                }
                const done = document.getElementById('live-done');
                out.done = done ? done.dataset.done : null;
                out.figures = document.getElementById('live-figures')?.textContent ?? null;
                out.errors = document.getElementById('live-errors')?.textContent ?? null;
                return out;""");
    }

    @Test
    void comparingTwoRunsListsTheChangedQuestions() {
        String before = firstRun();
        answers = SECOND;
        String after;
        try {
            after = submit(BENCHMARK, config("viewer-second", List.of("model-a", "model-b")));
            awaitCompleted(after);
        } finally {
            answers = FIRST;
        }
        open("#/compare/" + before + "/" + after);
        await(By.cssSelector("#changes tbody tr"));
        Set<String> changes = browser.findElements(By.cssSelector("#changes tbody tr")).stream()
                .map(row -> row.getAttribute("data-kind") + " " + row.getAttribute("data-question") + " "
                        + row.findElements(By.tagName("td")).get(2).getText())
                .collect(Collectors.toSet());
        assertThat(changes).containsExactlyInAnyOrder(
                "regression de openai:model-a × openai:judge-1",
                "improvement jp openai:model-a × openai:judge-1",
                "improvement fr openai:model-b × openai:judge-1");
        screenshot("compare");
    }

    @Test
    void anInterruptedRunSaysHowToResumeIt() {
        // a run whose stack went away before it finished, as the next local stack marks it (docs/api.md, status)
        String runId = "run-viewer-interrupted-" + Long.toHexString(System.nanoTime());
        String id = runId + "-r1";
        dev.assay.testsupport.TopicClient.publishAll(dev.assay.common.pipeline.Topics.RESULTS, List.of(Map.entry(id, """
                {"schema_version":1,"run_id":"%s","job_id":"%s","result_id":"%s","question_id":"q1",
                 "question":"What is the capital of Norway?","answering_model":"openai:big","judge":"openai:j1","replicate":1,
                 "evaluation_mode":"template_only","status":"passed","response":"Oslo",
                 "usage":{"total":{"total_tokens":10}},"timings_ms":{"generation":5},"caveats":[]}
                """.formatted(runId, id, id).replace("\n", ""))));
        Eventually.await(Duration.ofMinutes(2), () -> RestAssured.get("/api/runs/" + runId),
                run -> run.statusCode() == 200 && run.jsonPath().getInt("counts.done") == 1, "the result of " + runId + " stored");
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> runs.update("status = 'interrupted' where runId = ?1", runId));

        open("#/runs/" + runId);

        assertThat(await(By.id("interrupted-hint")).getText())
                .contains("the local stack it ran on went away before it finished").contains("assay retry " + runId);
        assertThat(browser.findElement(By.cssSelector(".badge[data-status='interrupted']")).getText()).isEqualTo("interrupted");
    }

    @Test
    void tenThousandResultsArePagedAndStayFilterable() {
        // published straight to assay.results, as any producer may: a run first seen on Kafka
        String runId = "run-viewer-10k-" + Long.toHexString(System.nanoTime());
        String[] statuses = {"passed", "passed", "passed", "failed", "error"};
        List<Map.Entry<String, String>> records = new java.util.ArrayList<>();
        for (int q = 0; q < 2500; q++) {
            for (String model : List.of("openai:big", "openai:small")) {
                for (String judge : List.of("openai:j1", "openai:j2")) {
                    String id = runId + "-" + q + "-" + model + "-" + judge;
                    String status = statuses[(q + model.length() + judge.length()) % statuses.length];
                    records.add(Map.entry(id, """
                            {"schema_version":1,"run_id":"%s","job_id":"%s","result_id":"%s","question_id":"q%04d",
                             "question":"Synthetic question number %d?","answering_model":"%s","judge":"%s","replicate":1,
                             "evaluation_mode":"template_only","status":"%s","response":"r",%s
                             "usage":{"total":{"total_tokens":10}},"timings_ms":{"generation":5},"caveats":[]}
                            """.formatted(runId, id, id, q, q, model, judge, status, status.equals("error")
                            ? "\"failure\":{\"category\":\"retry\",\"stage\":\"generation\",\"reason\":\"HTTP 500\"}," : "")
                            .replace("\n", "")));
                }
            }
        }
        dev.assay.testsupport.TopicClient.publishAll(dev.assay.common.pipeline.Topics.RESULTS, records);
        Eventually.await(Duration.ofMinutes(5), () -> RestAssured.get("/api/runs/" + runId),
                run -> run.statusCode() == 200 && run.jsonPath().getInt("counts.done") >= 10_000,
                "10,000 results of " + runId + " stored");

        long start = System.nanoTime();
        open("#/runs/" + runId);
        await(By.cssSelector("#matrix tbody tr"));
        long shown = System.nanoTime();
        assertThat(rowOrder()).hasSize(100).startsWith("q0000", "q0001");
        assertThat(browser.findElements(By.cssSelector("#matrix a.cell"))).hasSize(400);
        assertThat(browser.findElement(By.id("page-info")).getText()).isEqualTo("page 1 of 25 · 2500 of 2500 questions");
        browser.findElement(By.id("page-next")).click();
        assertThat(rowOrder()).startsWith("q0100");
        // to the last page: the last 100 questions, and no further
        browser.findElement(By.id("page-last")).click();
        assertThat(browser.findElement(By.id("page-info")).getText()).isEqualTo("page 25 of 25 · 2500 of 2500 questions");
        assertThat(rowOrder()).hasSize(100).startsWith("q2400").endsWith("q2499");
        assertThat(browser.findElement(By.id("page-next")).isEnabled()).isFalse();
        browser.findElement(By.id("page-first")).click();
        long filterStart = System.nanoTime();
        select("filter-verdict", "error");
        long filtered = System.nanoTime();
        assertThat(browser.findElement(By.id("page-info")).getText()).contains("page 1 of");
        assertThat(browser.findElements(By.cssSelector("#matrix a.cell[data-status='error']:not(.dim)"))).isNotEmpty();
        screenshot("run-10k");
        System.out.printf("viewer, 10,000 results: page shown %d ms after load, verdict filter %d ms (load: %s)%n",
                (shown - start) / 1_000_000, (filtered - filterStart) / 1_000_000, loadAverage());
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    // ------------------------------------------------------------------ the runs

    private static final String BENCHMARK = """
            name: viewer-capitals
            questions:
              - id: fr
                question: What is the capital of France?
                keywords: [geography, europe]
                template: {fields: {city: {type: string, description: the capital city, ground_truth: Paris}}}
              - id: de
                question: What is the capital of Germany?
                keywords: [geography, europe]
                template: {fields: {city: {type: string, description: the capital city, ground_truth: Berlin}}}
              - id: au
                question: What is the chemical symbol for gold?
                keywords: [chemistry]
                template: {fields: {symbol: {type: string, description: the chemical symbol, ground_truth: Au}}}
              - id: jp
                question: What is the capital of Japan?
                keywords: [geography, asia]
                template: {fields: {city: {type: string, description: the capital city, ground_truth: Tokyo}}}
            """;

    private static final String LIVE_BENCHMARK = """
            name: viewer-live
            questions:
              - {id: l1, question: "Live question one?", template: {fields: {city: {type: string, description: a city, ground_truth: Oslo}}}}
              - {id: l2, question: "Live question two?", template: {fields: {city: {type: string, description: a city, ground_truth: Oslo}}}}
              - {id: l3, question: "Live question three?", template: {fields: {city: {type: string, description: a city, ground_truth: Oslo}}}}
              - {id: l4, question: "Live question four?", template: {fields: {city: {type: string, description: a city, ground_truth: Oslo}}}}
            """;

    private String config(String name, List<String> models) {
        String url = stub.baseUrl();
        StringBuilder yaml = new StringBuilder("name: " + name + "\nanswering_models:\n");
        models.forEach(model -> yaml.append("  - {interface: openai, model: ").append(model).append(", base_url: \"").append(url)
                .append("\", api_key_env: TEST_LLM_KEY, system_prompt: \"Answer in one word.\"}\n"));
        yaml.append("judges:\n  - {interface: openai, model: judge-1, base_url: \"").append(url).append("\", api_key_env: TEST_LLM_KEY}\n");
        yaml.append("evaluation_mode: template_only\n");
        return yaml.toString();
    }

    private synchronized String firstRun() {
        if (firstRun == null) {
            String runId = submit(BENCHMARK, config("viewer-first", List.of("model-a", "model-b")));
            awaitCompleted(runId);
            firstRunFrance = stub.requests().stream()
                    .filter(r -> "model-a".equals(r.model()) && r.allContent().contains("capital of France")).findFirst().orElseThrow();
            firstRun = runId;
        }
        return firstRun;
    }

    private static String submit(String benchmark, String config) {
        String body = "benchmark:\n" + benchmark.indent(2) + "config:\n" + config.indent(2);
        return RestAssured.given().contentType("application/yaml").body(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)).post("/api/runs")
                .then().statusCode(202).extract().path("run_id");
    }

    private static void awaitCompleted(String runId) {
        Eventually.await(Duration.ofMinutes(3),
                () -> RestAssured.get("/api/runs/" + runId).then().statusCode(200).extract().jsonPath().getString("status"),
                "completed"::equals, "run " + runId + " completed");
    }

    /** Answering models answer from the current script; the judge extracts the word after "ANSWER:". */
    private static StubReply reply(RecordedRequest request) {
        String model = request.model() == null ? "" : request.model();
        String body = request.body();
        if (model.equals("model-live")) {
            String content = request.allContent();
            if (content.contains("Live question four")) {
                return StubReply.error(400, "invalid_request_error", "the live run's fourth question is refused");
            }
            // the judge's parses of these answers wait for the gate
            return StubReply.text(content.contains("Live question one") ? "ANSWER: Oslo" : "ANSWER: Oslo, held back").withUsage(12, 3);
        }
        if (body.contains("held back")) {
            awaitGate();
        }
        if (model.startsWith("model-")) {
            String question = request.lastUserMessage().orElse("");
            return answers.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(model + "|") && question.contains(e.getKey().substring(model.length() + 1)))
                    .findFirst()
                    .<StubReply>map(e -> StubReply.text("ANSWER: " + e.getValue()).withUsage(12, 3))
                    .orElse(StubReply.serverError());
        }
        if (body.contains("abstention_detected")) {
            return StubReply.text("{\"reasoning\":\"It answers.\",\"abstention_detected\":false}");
        }
        Matcher answer = ANSWER.matcher(request.allContent());
        if (!answer.find()) {
            return StubReply.serverError();
        }
        String field = body.contains("symbol") ? "symbol" : "city";
        return StubReply.text("{\"" + field + "\":\"" + answer.group(1) + "\"}").withUsage(40, 6);
    }

    private static void awaitGate() {
        try {
            liveGate.await(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ------------------------------------------------------------------ the browser

    private void open(String fragment) {
        // a fresh page load each time: only the fragment would change otherwise
        browser.get("about:blank");
        browser.get(base + "ui/" + fragment);
    }

    private static WebElement await(By by) {
        return new WebDriverWait(browser, WAIT).until(ExpectedConditions.presenceOfElementLocated(by));
    }

    private static String count(String status) {
        return browser.findElement(By.cssSelector("#counts [data-count='" + status + "'] b")).getText();
    }

    private static List<WebElement> cells(String status) {
        return browser.findElements(By.cssSelector("#matrix a.cell[data-status='" + status + "']"));
    }

    /** Read in one script, so a re-render between two reads cannot mix two tables. */
    @SuppressWarnings("unchecked")
    private static List<String> rowOrder() {
        return (List<String>) ((JavascriptExecutor) browser).executeScript(
                "return [...document.querySelectorAll('#matrix tbody tr')].map(row => row.dataset.question)");
    }

    @SuppressWarnings("unchecked")
    private static List<String> columnRates() {
        return (List<String>) ((JavascriptExecutor) browser).executeScript(
                "return [...document.querySelectorAll('#matrix .col-rate')].map(cell => cell.textContent)");
    }

    private static void select(String id, String value) {
        new Select(browser.findElement(By.id(id))).selectByValue(value);
    }

    private static String style(WebElement element, String property) {
        return element.getCssValue(property);
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
