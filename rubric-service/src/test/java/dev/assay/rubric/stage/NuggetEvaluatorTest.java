package dev.assay.rubric.stage;

import dev.assay.stage.rubric.nugget.NuggetEvaluator;
import dev.assay.common.nugget.NuggetPrompts;
import dev.assay.common.nugget.NuggetPrompt;
import dev.assay.common.nugget.JudgedText;
import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.benchmark.Passage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.NuggetPromptStyle;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.nugget.SupportLabel;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.NuggetJudgement;
import dev.assay.common.pipeline.NuggetOutcome;
import dev.assay.common.pipeline.NuggetScores;
import dev.assay.common.pipeline.NuggetWindow;
import dev.assay.common.pipeline.PassageSupport;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.assay.common.nugget.SupportLabel.NOT_SUPPORT;
import static dev.assay.common.nugget.SupportLabel.PARTIAL_SUPPORT;
import static dev.assay.common.nugget.SupportLabel.SUPPORT;
import static dev.assay.localstack.stub.RequestMatcher.any;
import static dev.assay.localstack.stub.RequestMatcher.lastUserMessageContains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The nugget evaluator with the real gateway, prompts and parser, the judge served over HTTP by
 * the stub. The stub answers from the prompt it gets: it reads the window's numbered nuggets and
 * labels each by its text, so the labels prove which nugget went into which window.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class NuggetEvaluatorTest {

    private static final String QUESTION = "Tell me about Paris.";
    private static final String RESPONSE = "Paris is the capital of France.";
    /** A numbered nugget line of the prompt, in whichever style it was written. */
    private static final Pattern NUGGET_LINE = Pattern.compile("(?m)^(\\d+)\\. (fact \\d\\d)$");

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

    @Inject
    NuggetEvaluator evaluator;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    /** "fact 01" … "fact 12"; the first of each third is vital. */
    private static List<Nugget> facts(int count) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(n -> new Nugget("fact %02d".formatted(n), n % 3 == 1 ? NuggetImportance.VITAL : NuggetImportance.OKAY))
                .toList();
    }

    /** facts 01-06 supported, 07-09 partly, 10 and up not. */
    private static String byNumber(String nugget) {
        int n = Integer.parseInt(nugget.substring("fact ".length()));
        return n <= 6 ? "support" : n <= 9 ? "partial_support" : "not_support";
    }

    /** The nuggets of the request's window, in prompt order, numbered from 1. */
    private static List<String> nuggetsOf(RecordedRequest request) {
        Matcher line = NUGGET_LINE.matcher(request.lastUserMessage().orElseThrow());
        List<String> nuggets = new ArrayList<>();
        while (line.find()) {
            assertThat(Integer.parseInt(line.group(1))).as(line.group()).isEqualTo(nuggets.size() + 1);
            nuggets.add(line.group(2));
        }
        return nuggets;
    }

    /** A short_cot answer: the reasoning (with a decoy list), then the JSON labels. */
    private static StubReply labelling(Function<String, String> labelOf) {
        return StubReply.computed(request -> {
            String labels = nuggetsOf(request).stream().map(labelOf).map(l -> '"' + l + '"').collect(Collectors.joining(", "));
            return StubReply.text("<reasoning>\n1. Looks like [\"not_support\"] at first.\n</reasoning>\n{\"labels\": [" + labels + "]}");
        });
    }

    private ModelConfig judge() {
        return new ModelConfig(null, "openai", "nugget-judge", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null, Duration.ofSeconds(10), 4,
                null);
    }

    private NuggetOutcome evaluate(ModelSession session, List<Nugget> nuggets, List<Passage> passages, NuggetSettings settings) {
        Question question = new Question("q-paris", QUESTION, null, null, null, null, nuggets, passages, null, null, null, null, null);
        JobSettings jobSettings = new JobSettings(EvaluationMode.RUBRIC_ONLY, false, false, PromptConfig.EMPTY, null, settings, null);
        return evaluator.evaluate(new TraitInput(question, RESPONSE, null, jobSettings), session);
    }

    @Test
    void twelveNuggetsInWindowsOfFiveAreThreeCallsInOrder() {
        stub.when(any()).thenReply(labelling(NuggetEvaluatorTest::byNumber));
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, judge(), PromptConfig.EMPTY);
        // passages are there, but per_passage is off: only the response is judged
        List<Passage> passages = List.of(new Passage("doc-a", "Paris is large.", 0.9));

        NuggetOutcome outcome = evaluate(session, facts(12), passages,
                new NuggetSettings(5, NuggetPromptStyle.SHORT_COT, NuggetOutputFormat.JSON, false));

        assertThat(stub.requests()).extracting(NuggetEvaluatorTest::nuggetsOf).containsExactly(
                List.of("fact 01", "fact 02", "fact 03", "fact 04", "fact 05"),
                List.of("fact 06", "fact 07", "fact 08", "fact 09", "fact 10"),
                List.of("fact 11", "fact 12"));
        assertThat(outcome.nuggets()).extracting(NuggetJudgement::label).containsExactly(
                SUPPORT, SUPPORT, SUPPORT, SUPPORT, SUPPORT, SUPPORT, PARTIAL_SUPPORT, PARTIAL_SUPPORT, PARTIAL_SUPPORT,
                NOT_SUPPORT, NOT_SUPPORT, NOT_SUPPORT);
        assertThat(outcome.nuggets().get(0)).isEqualTo(new NuggetJudgement("fact 01", NuggetImportance.VITAL, SUPPORT));
        assertThat(outcome.windows()).containsExactly(
                new NuggetWindow(null, 0, 5, 5, "json", List.of(SUPPORT, SUPPORT, SUPPORT, SUPPORT, SUPPORT), NuggetParseError.NONE),
                new NuggetWindow(null, 5, 5, 5, "json", List.of(SUPPORT, PARTIAL_SUPPORT, PARTIAL_SUPPORT, PARTIAL_SUPPORT, NOT_SUPPORT),
                        NuggetParseError.NONE),
                new NuggetWindow(null, 10, 2, 2, "json", List.of(NOT_SUPPORT, NOT_SUPPORT), NuggetParseError.NONE));
        // vital: facts 01 (support), 04 (support), 07 (partial), 10 (not): strict 2/4, with partial credit 2.5/4
        // all: 6 support, 3 partial, 3 not: strict 6/12, with partial credit 7.5/12
        assertThat(outcome.scores()).isEqualTo(new NuggetScores(0.5, 0.5, 0.625, 0.625));
        assertThat(outcome.error()).isNull();
        assertThat(outcome.passages()).isNull();

        assertThat(session.calls()).hasSize(3).allSatisfy(call -> {
            assertThat(call.task()).isEqualTo(PromptTask.NUGGET_ASSIGNMENT);
            assertThat(call.stage()).isEqualTo(Stage.RUBRIC);
            assertThat(call.model()).isEqualTo("openai:nugget-judge");
            assertThat(call.error()).isNull();
        });
        NuggetPrompt first = new NuggetPrompts().render(NuggetPromptStyle.SHORT_COT, NuggetOutputFormat.JSON, QUESTION,
                JudgedText.response(RESPONSE), facts(5));
        assertThat(stub.requests().get(0).contentsOf("system")).containsExactly(first.system());
        assertThat(stub.requests().get(0).contentsOf("user")).containsExactly(first.user());
    }

    @Test
    void aTruncatedAnswerIsAskedOnceMoreAndTheFreshAnswerCounts() {
        stub.when(any()).thenReply(StubReply.text("{\"labels\": [\"support\", \"support\"]}")).once();
        stub.when(any()).thenReply(labelling(NuggetEvaluatorTest::byNumber));
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, judge(), PromptConfig.EMPTY);

        NuggetOutcome outcome = evaluate(session, facts(4), List.of(), NuggetSettings.DEFAULTS);

        assertThat(stub.requests()).hasSize(2);
        assertThat(stub.requests().get(1).messages()).isEqualTo(stub.requests().get(0).messages());
        assertThat(outcome.windows()).containsExactly(
                new NuggetWindow(null, 0, 4, 2, "json", List.of(SUPPORT, SUPPORT), NuggetParseError.TRUNCATION),
                new NuggetWindow(null, 0, 4, 4, "json", List.of(SUPPORT, SUPPORT, SUPPORT, SUPPORT), NuggetParseError.NONE));
        assertThat(outcome.nuggets()).extracting(NuggetJudgement::label).containsOnly(SUPPORT);
        assertThat(outcome.scores()).isEqualTo(new NuggetScores(1.0, 1.0, 1.0, 1.0));
        assertThat(outcome.error()).isNull();
        assertThat(session.calls()).hasSize(2);
    }

    @Test
    void aWindowStillTruncatedAfterItsRetryKeepsNoLabelsAndTheScoresAreLeftOut() {
        stub.when(lastUserMessageContains("fact 06")).thenReply(StubReply.text("[\"support\"]"));
        stub.when(any()).thenReply(labelling(NuggetEvaluatorTest::byNumber));
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, judge(), PromptConfig.EMPTY);

        NuggetOutcome outcome = evaluate(session, facts(7), List.of(),
                new NuggetSettings(5, NuggetPromptStyle.NO_REASONING, NuggetOutputFormat.JSON, null));

        assertThat(outcome.nuggets()).extracting(NuggetJudgement::label)
                .containsExactly(SUPPORT, SUPPORT, SUPPORT, SUPPORT, SUPPORT, null, null);
        assertThat(outcome.windows()).containsExactly(
                new NuggetWindow(null, 0, 5, 5, "json", List.of(SUPPORT, SUPPORT, SUPPORT, SUPPORT, SUPPORT), NuggetParseError.NONE),
                new NuggetWindow(null, 5, 2, 1, "json", List.of(SUPPORT), NuggetParseError.TRUNCATION),
                new NuggetWindow(null, 5, 2, 1, "json", List.of(SUPPORT), NuggetParseError.TRUNCATION));
        assertThat(outcome.scores()).isNull();
        assertThat(outcome.error()).isEqualTo("1 of 2 nugget windows failed: nuggets[5..6] against the response: no usable labels in 2 "
                + "answers (answer 1: truncation, 1 of 2 labels (json); answer 2: truncation, 1 of 2 labels (json))");
        assertThat(stub.requestCount()).isEqualTo(3);
    }

    @Test
    void perPassageLabelsEveryNuggetAgainstEachPassage() {
        stub.when(lastUserMessageContains("<passage>\nThe capital is Paris.")).thenReply(StubReply.computed(request ->
                StubReply.text(IntStream.rangeClosed(1, nuggetsOf(request).size()).mapToObj(n -> n + ". supported")
                        .collect(Collectors.joining("\n")))));
        stub.when(lastUserMessageContains("<passage>\nLyon is a city.")).thenReply(StubReply.text("1. no\n2. no\n3. partially supported"));
        stub.when(lastUserMessageContains("<response>")).thenReply(StubReply.text("1. yes\n2. partial\n3. no"));
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, judge(), PromptConfig.EMPTY);
        List<Passage> passages = List.of(new Passage("doc-a", "The capital is Paris.", 0.9), new Passage("doc-b", "Lyon is a city.", 0.2));

        NuggetOutcome outcome = evaluate(session, facts(3), passages,
                new NuggetSettings(10, NuggetPromptStyle.OPTIMIZED, NuggetOutputFormat.MARKDOWN, true));

        assertThat(outcome.nuggets()).extracting(NuggetJudgement::label).containsExactly(SUPPORT, PARTIAL_SUPPORT, NOT_SUPPORT);
        assertThat(outcome.passages()).containsExactly(
                new PassageSupport("doc-a", List.of(SUPPORT, SUPPORT, SUPPORT)),
                new PassageSupport("doc-b", List.of(NOT_SUPPORT, NOT_SUPPORT, PARTIAL_SUPPORT)));
        assertThat(outcome.windows()).extracting(NuggetWindow::passage).containsExactly(null, "doc-a", "doc-b");
        assertThat(outcome.windows()).extracting(NuggetWindow::format).containsOnly("markdown");
        // the passages do not change the response's scores
        assertThat(outcome.scores()).isEqualTo(new NuggetScores(1.0, 1.0 / 3, 1.0, 0.5));
        assertThat(outcome.error()).isNull();
        List<String> users = stub.requests().stream().map(request -> request.lastUserMessage().orElseThrow()).toList();
        assertThat(users.get(0)).contains("<response>\n" + RESPONSE + "\n</response>").doesNotContain("<passage>");
        assertThat(users.get(1)).contains("<passage>\nThe capital is Paris.\n</passage>").doesNotContain(RESPONSE);
        assertThat(users.get(2)).contains("<passage>\nLyon is a city.\n</passage>");
        assertThat(session.calls()).extracting(RecordedCall::task).containsOnly(PromptTask.NUGGET_ASSIGNMENT);
    }

    @Test
    void aWindowSizeThatSkippedValidationIsRefusedBeforeAnyCall() {
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, judge(), PromptConfig.EMPTY);

        assertThatThrownBy(() -> evaluate(session, facts(3), List.of(), new NuggetSettings(0, null, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nugget_evaluation.window_size must be between 1 and 100, got 0");
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void aFailedJudgeCallLeavesItsWindowUnlabelledAndTheOtherWindowsStand() {
        stub.when(lastUserMessageContains("fact 03")).thenReply(StubReply.serverError());
        stub.when(any()).thenReply(labelling(NuggetEvaluatorTest::byNumber));
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, judge(), PromptConfig.EMPTY);

        NuggetOutcome outcome = evaluate(session, facts(3), List.of(),
                new NuggetSettings(2, NuggetPromptStyle.LEGACY, NuggetOutputFormat.JSON, false));

        assertThat(outcome.nuggets()).extracting(NuggetJudgement::label).containsExactly(SUPPORT, SUPPORT, null);
        // no answer, no parse report: only the first window has one
        assertThat(outcome.windows()).extracting(NuggetWindow::first).containsExactly(0);
        assertThat(outcome.scores()).isNull();
        assertThat(outcome.error()).startsWith("1 of 2 nugget windows failed: nuggets[2..2] against the response: the judge call failed (retry): ")
                .contains("500").contains("3 attempts");
        // every attempt is recorded, the failed ones with their error
        assertThat(session.calls()).hasSize(4);
        assertThat(session.calls().subList(1, 4)).allSatisfy(call -> assertThat(call.error()).contains("500"));
    }
}
