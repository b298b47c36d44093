package dev.assay.core.session;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import dev.assay.localstack.stub.ChatMessage;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The session every stage calls models through, against the stub LLM server over HTTP. */
@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class ModelSessionTest {

    private static final PromptConfig RUN_INSTRUCTIONS = PromptConfig.fromMap(Map.of("abstention_detection", "Be strict."));
    private static final JudgeInputs.Answer ANSWER = new JudgeInputs.Answer("Capital of France?", "Paris.");

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    private ModelConfig judge() {
        return new ModelConfig(null, "openai", "judge", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, null, Duration.ofSeconds(10), 4, null);
    }

    @Test
    void aJudgeTaskIsSentAsItsPromptAssemblesAndItsAnswerIsReadAndRecorded() {
        stub.when(any()).thenReply(StubReply.text("{\"reasoning\": \"It answers.\", \"abstention_detected\": false}").withUsage(30, 5));
        ModelSession session = new ModelSession(gateway, Stage.PARSING, judge(), RUN_INSTRUCTIONS);

        JudgeCheck verdict = session.ask(JudgeTasks.ABSTENTION, ANSWER);

        assertThat(verdict).isEqualTo(new JudgeCheck(false, "It answers."));
        List<Message> expected = JudgeTasks.ABSTENTION.prompt(ANSWER).messages("openai", PortCapabilities.DEFAULT, RUN_INSTRUCTIONS);
        assertThat(stub.lastRequest().messages()).extracting(ChatMessage::content)
                .containsExactlyElementsOf(expected.stream().map(Message::text).toList());
        assertThat(expected.get(0).text()).endsWith("Be strict.");
        assertThat(session.calls()).singleElement().satisfies(call -> {
            assertThat(call.task()).isEqualTo(PromptTask.ABSTENTION_DETECTION);
            assertThat(call.messages()).isEqualTo(expected);
        });
        assertThat(session.usage().inputTokens()).isEqualTo(30L);
    }

    @Test
    void aFailedCallIsRecordedAfterTheCallsBeforeIt() {
        stub.when(any()).thenReply(StubReply.text("{\"reasoning\": \"fine\", \"abstention_detected\": false}").withUsage(10, 1));
        ModelSession session = new ModelSession(gateway, Stage.PARSING, judge(), PromptConfig.EMPTY);
        session.ask(JudgeTasks.ABSTENTION, ANSWER);
        stub.reset();
        stub.when(any()).thenReply(StubReply.error(401, "invalid_api_key", "bad key"));

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> session.complete(PromptTask.GENERATION, List.of(Message.user("Hello?"))));

        assertThat(failure.toFailure(Stage.PARSING).category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(session.calls()).hasSize(1 + failure.calls().size());
        assertThat(session.calls().get(0).error()).isNull();
        assertThat(session.calls().get(session.calls().size() - 1).error()).isNotNull();
        assertThat(session.usage().inputTokens()).isEqualTo(10L);
    }

    @Test
    void aModelWithNoAdapterIsAFailedCallWithNoAttempt() {
        ModelSession session = new ModelSession(gateway, Stage.RUBRIC, ModelConfig.of("openia", "m"), PromptConfig.EMPTY);

        ModelCallException failure = catchThrowableOfType(ModelCallException.class, () -> session.ask(JudgeTasks.ABSTENTION, ANSWER));

        assertThat(failure.getMessage()).contains("no adapter for interface \"openia\"");
        assertThat(failure.calls()).isEmpty();
        assertThat(session.calls()).isEmpty();
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void aTaskWithItsOwnInstructionsSendsThemInsteadOfTheRuns() {
        stub.when(any()).thenReply(StubReply.text("{\"reasoning\": \"same\", \"equivalent\": true}"));
        PromptConfig run = PromptConfig.fromMap(Map.of("parsing", "Extract carefully."));
        ModelSession session = new ModelSession(gateway, Stage.PARSING, judge(), run);
        TemplateField field = new TemplateField(FieldType.STRING, "the city", TextNode.valueOf("Paris"), null, null, null,
                TextNode.valueOf("semantic"), null);

        var decision = session.ask(JudgeTasks.SEMANTIC_EQUIVALENCE, new JudgeInputs.FieldComparison("city",
                field, TextNode.valueOf("paris"), "Compare case-blind."));

        assertThat(decision.equivalent()).isTrue();
        assertThat(stub.lastRequest().systemMessage()).hasValueSatisfying(system ->
                assertThat(system).contains("Compare case-blind.").doesNotContain("Extract carefully."));
    }
}
