package dev.assay.common;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FewShotExample;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.benchmark.Passage;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.message.Role;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.MetricScores;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.FewShotSettings;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelPrices;
import dev.assay.common.prompt.rag.RagSettings;
import dev.assay.common.run.RubricStrategy;
import dev.assay.common.run.RunConfig;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The builders of the wide records mirror their record: a setter per component, and a copy made
 * through {@code toBuilder()} equals the original (each field lands in its own slot). Their JSON
 * is the record's own: a builder adds no property.
 */
class RecordBuildersTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void everyBuilderHasASetterPerComponent() {
        for (Class<?> record : List.of(RubricTrait.class, Question.class, TemplateField.class, ModelConfig.class,
                RunConfig.class, TraitScore.class, UsageMetadata.class, ParsingOutcome.class)) {
            Class<?> builder = Arrays.stream(record.getDeclaredClasses())
                    .filter(nested -> nested.getSimpleName().equals("Builder"))
                    .findFirst().orElseThrow();
            Set<String> setters = Arrays.stream(builder.getDeclaredMethods())
                    .filter(method -> method.getReturnType() == builder && method.getParameterCount() == 1)
                    .map(Method::getName)
                    .collect(Collectors.toSet());
            assertThat(setters).as(record.getSimpleName() + ".Builder")
                    .containsAll(Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).toList());
        }
    }

    @Test
    void aRubricTraitCopiedThroughItsBuilderIsEqual() {
        RubricTrait trait = new RubricTrait("tone", "custom", "polite?", "politeness", 0, 10, false,
                Map.of("rude", "is rude"), "please", false, true, "response.size() > 0", "score",
                List.of("greets"), List.of("insults"), RubricTrait.FULL_MATRIX, TraitDeepJudgmentSettings.DEFAULTS);
        assertThat(trait.toBuilder().build()).isEqualTo(trait);
        assertThat(trait.withSummary("courtesy")).isEqualTo(new RubricTrait("tone", "custom", "polite?", "courtesy", 0, 10,
                false, Map.of("rude", "is rude"), "please", false, true, "response.size() > 0", "score",
                List.of("greets"), List.of("insults"), RubricTrait.FULL_MATRIX, TraitDeepJudgmentSettings.DEFAULTS));
    }

    @Test
    void theTraitFactoriesSetOnlyTheirKindsFields() {
        assertThat(RubricTrait.regexTrait("cites", "\\[P\\d+]", false, true)).isEqualTo(new RubricTrait("cites",
                RubricTrait.REGEX, null, null, null, null, null, null, "\\[P\\d+]", false, true, null, null, null, null, null, null));
        assertThat(Json.write(RubricTrait.scoreTrait("clarity", "how clear", 1, 3, true)))
                .isEqualTo("{\"name\":\"clarity\",\"kind\":\"score\",\"description\":\"how clear\",\"min\":1,\"max\":3,"
                        + "\"higher_is_better\":true}");
    }

    @Test
    void aQuestionCopiedThroughItsBuilderIsEqual() {
        Question question = new Question("q1", "What is the dose?", "5 mg", List.of("dose"),
                new AnswerTemplate(Map.of("dose", field()), null, List.of()),
                new Rubric(List.of(RubricTrait.booleanTrait("polite", "is polite")), List.of()),
                List.of(new Nugget("5 mg", NuggetImportance.VITAL)), List.of(new Passage("label", "take 5 mg", 0.9)),
                Map.of("drug", "aspirin"), List.of(new PromptMessage(Role.USER, "Dose of {drug}?", null)), "dose.prompt",
                List.of(new MultiRunItem("again", 2, null, "again.prompt")),
                List.of(new FewShotExample("ex1", "Dose of x?", "1 mg")), Map.of("source", NODES.textNode("label")),
                "rubric_only");
        assertThat(question.toBuilder().build()).isEqualTo(question);
        assertThat(question.withPrompts(List.of(), List.of()).promptFile()).isNull();
    }

    @Test
    void aTemplateFieldCopiedThroughItsBuilderIsEqual() {
        TemplateField field = field();
        assertThat(field.toBuilder().build()).isEqualTo(field);
        assertThat(Json.write(TemplateField.builder(FieldType.BOOLEAN, "safe?").groundTruth(NODES.booleanNode(true)).build()))
                .isEqualTo("{\"type\":\"boolean\",\"description\":\"safe?\",\"ground_truth\":true}");
    }

    @Test
    void aModelConfigCopiedThroughItsBuilderIsEqual() {
        ModelConfig model = model();
        assertThat(model.toBuilder().build()).isEqualTo(model);
        assertThat(model.withEndpoint("http://127.0.0.1:9/v1", "OTHER_KEY")).isEqualTo(new ModelConfig("cold", "openai",
                "gpt-4o", "http://127.0.0.1:9/v1", "OTHER_KEY", 0.0, 100, 7L, Duration.ofSeconds(30), 2, "be brief",
                new ModelPrices(BigDecimal.ONE, BigDecimal.TEN)));
        assertThat(ModelConfig.of("openai", "gpt-4o")).isEqualTo(new ModelConfig(null, "openai", "gpt-4o", null, null, null,
                null, null, null, null, null, null));
    }

    @Test
    void aRunConfigCopiedThroughItsBuilderIsEqual() {
        RunConfig config = new RunConfig("nightly", List.of(model()), List.of(ModelConfig.of("anthropic", "claude")), 3,
                EvaluationMode.RUBRIC_ONLY, true, true, new PromptConfig("g", "p", "a", "s", "r", "ap", "dj", "n"),
                Map.of("q1", new ManualAnswer("5 mg", null, null)),
                new Rubric(List.of(RubricTrait.booleanTrait("polite", "is polite")), List.of()), RubricStrategy.SEQUENTIAL,
                new NuggetSettings(5, null, null, true), new RagSettings("citation", 1000, true),
                new FewShotSettings(FewShotSettings.ALL, null, null, null, List.of(new FewShotExample("ex1", "x?", "y"))));
        assertThat(config.toBuilder().build()).isEqualTo(config);
        RunConfig rejudged = config.withModels(List.of(), List.of(model()));
        assertThat(rejudged.answeringModels()).isEmpty();
        assertThat(rejudged.judges()).containsExactly(model());
        assertThat(rejudged.toBuilder().answeringModels(config.answeringModels()).judges(config.judges()).build())
                .isEqualTo(config);
    }

    @Test
    void aTraitScoreCopiedThroughItsBuilderIsEqual() {
        TraitScore score = new TraitScore("recall", "metric", true, 0.5, "some", "because", "none",
                new MetricScores("tp_only", List.of("a"), List.of("b"), List.of(), List.of(), 1.0, 0.5, 0.66, null, null),
                true);
        assertThat(score.toBuilder().build()).isEqualTo(score);
        assertThat(TraitScore.labelled("tone", "literal", "rude", 2))
                .isEqualTo(new TraitScore("tone", "literal", null, 2.0, "rude", null, null, null, null));
    }

    @Test
    void usageCopiedThroughItsBuilderIsEqual() {
        UsageMetadata usage = new UsageMetadata(10L, 20L, 30L, new BigDecimal("0.01"), 4L, 5L, "gpt-4o");
        assertThat(usage.toBuilder().build()).isEqualTo(usage);
        assertThat(usage.withCostUsd(new BigDecimal("0.02")))
                .isEqualTo(new UsageMetadata(10L, 20L, 30L, new BigDecimal("0.02"), 4L, 5L, "gpt-4o"));
        assertThat(UsageMetadata.builder().build()).isEqualTo(UsageMetadata.EMPTY);
        assertThat(Json.write(UsageMetadata.of("m", 1, 2)))
                .isEqualTo("{\"input_tokens\":1,\"output_tokens\":2,\"total_tokens\":3,\"model\":\"m\"}");
    }

    @Test
    void aParsingOutcomeBuiltFieldByFieldIsTheRecordsOwn() {
        Failure failure = new Failure(FailureCategory.CONTENT, Stage.PARSING, "lacking", null);
        List<RecordedCall> calls = List.of(new RecordedCall(Stage.PARSING, PromptTask.PARSING, "m", List.of(), "{}",
                UsageMetadata.of("m", 1, 2), 5, null));
        assertThat(ParsingOutcome.builder()
                .abstention(new JudgeCheck(false, "answered"))
                .sufficiency(new JudgeCheck(true, "lacking"))
                .parsed(NODES.objectNode())
                .template(new TemplateVerdict(false, 0.0, List.of(), List.of()))
                .calls(calls)
                .usage(UsageMetadata.of("m", 1, 2))
                .latencyMs(5)
                .failure(failure)
                .build())
                .isEqualTo(new ParsingOutcome(new JudgeCheck(false, "answered"), new JudgeCheck(true, "lacking"),
                        NODES.objectNode(), new TemplateVerdict(false, 0.0, List.of(), List.of()), calls,
                        UsageMetadata.of("m", 1, 2), 5, failure));
        assertThat(ParsingOutcome.builder().build().usage()).isEqualTo(UsageMetadata.EMPTY);
    }

    private static TemplateField field() {
        return new TemplateField(FieldType.LIST, "the doses", NODES.arrayNode().add("5 mg"), true, null, FieldType.STRING,
                NODES.textNode("set_containment"), 2.0);
    }

    private static ModelConfig model() {
        return new ModelConfig("cold", "openai", "gpt-4o", "https://api.example/v1", "OPENAI_API_KEY", 0.0, 100, 7L,
                Duration.ofSeconds(30), 2, "be brief", new ModelPrices(BigDecimal.ONE, BigDecimal.TEN));
    }
}
