package dev.assay.localstack.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.spec.BenchmarkLoader;
import dev.assay.common.benchmark.MultiRunItem;
import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.PromptParameters;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.prompt.rag.RagPrompt;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.validation.SpecReader;
import dev.assay.localstack.demo.DemoRule;
import dev.assay.localstack.demo.DemoRules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The examples under {@code examples/} are what a new user runs first, so they are checked the way
 * the CLI reads them: the benchmark loads, the run config reads, the pair has no problems, and the
 * demo script answers every call the run makes. The judge calls are simulated by their markers
 * (the response block plus {@code <json_schema>}, {@code <traits>} or {@code <nuggets>}, as the
 * parsing and rubric prompts carry them), and the scripted parses are verified against the
 * templates, so each example's intended failures are pinned.
 */
class ExamplesTest {

    private static final Path EXAMPLES = locateExamples();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ANSWERER = "demo-answerer";
    private static final String JUDGE = "demo-judge";
    private static final Pattern LABELS = Pattern.compile("\\{\"labels\": \\[([^]]*)]}\\s*$");

    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of("quickstart", Set.of("boiling-fahrenheit", "is-91-prime")),
                Arguments.of("lve", Set.of("convert-feet")),
                Arguments.of("rag", Set.of("database")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void benchmarkAndRunConfigFitTogether(String name, Set<String> failing) throws IOException {
        Example example = Example.load(EXAMPLES.resolve(name));

        assertThat(RunSpecs.validate(SpecDocument.file(EXAMPLES.resolve(name).resolve("benchmark.yaml")),
                SpecDocument.file(EXAMPLES.resolve(name).resolve("run.yaml"))).problems()).isEmpty();
        List<ModelConfig> models = new ArrayList<>(example.config().answeringModels());
        models.addAll(example.config().judges());
        // the CLI convention (examples/README-demo-format.md): the demo's models name it (base_url: demo), with no key
        assertThat(models).allSatisfy(model -> {
            assertThat(example.rules().serves(model.model())).as(model.model()).isTrue();
            assertThat(model.baseUrl()).as(model.model()).isEqualTo(ModelConfig.DEMO_BASE_URL);
            assertThat(model.apiKeyEnv()).as(model.model()).isNull();
        });
        assertThat(Files.exists(EXAMPLES.resolve(name).resolve("README.md"))).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void theDemoAnswersEveryQuestionAndEveryJudgeCall(String name, Set<String> failing) throws IOException {
        Example example = Example.load(EXAMPLES.resolve(name));
        Set<String> failed = new TreeSet<>();
        for (Question question : example.benchmark().questions()) {
            String response = answer(question, example);
            String block = "<question>\n" + question.question() + "\n</question>\n\n<response>\n" + response.strip() + "\n</response>";

            JsonNode parsed = JSON.readTree(judge(example, question, block + "\n<json_schema>", "parsing"));
            assertThat(iterable(parsed.fieldNames())).as(question.id() + " parse").containsExactlyInAnyOrderElementsOf(
                    question.template().fields().keySet());
            if (!TemplateVerifier.verify(question.template(), parsed, response, null).passed()) {
                failed.add(question.id());
            }

            List<String> judged = question.rubric() == null ? List.of() : question.rubric().traits().stream()
                    .filter(trait -> trait.kind().equals(RubricTrait.BOOLEAN) || trait.kind().equals(RubricTrait.SCORE))
                    .map(RubricTrait::name).toList();
            if (!judged.isEmpty()) {
                JsonNode traits = JSON.readTree(judge(example, question, block + "\n<traits>\n<json_schema>", "traits"));
                assertThat(iterable(traits.fieldNames())).as(question.id() + " traits").containsExactlyInAnyOrderElementsOf(judged);
            }
            if (!question.nuggets().isEmpty()) {
                String reply = judge(example, question, block + "\n<nuggets>", "nuggets");
                Matcher labels = LABELS.matcher(reply);
                assertThat(labels.find()).as(question.id() + " nuggets reply ends with {\"labels\": [...]}: " + reply).isTrue();
                assertThat(labels.group(1).split(",")).as(question.id() + " nugget labels").hasSize(question.nuggets().size());
            }
        }
        assertThat(failed).as("questions whose scripted answer fails its template").isEqualTo(new TreeSet<>(failing));
    }

    /** Walks the question's prompt as generation does, each call answered by the script; the last answer is the response. */
    private static String answer(Question question, Example example) {
        Map<String, String> parameters = question.promptParameters();
        if (question.multiRunPrompt() != null) {
            String last = null;
            for (MultiRunItem item : question.multiRunPrompt()) {
                for (int run = 0; run < item.effectiveRepetitions(); run++) {
                    last = converse(question, item.prompt(), parameters, example);
                }
            }
            return last;
        }
        if (question.prompt() != null) {
            return converse(question, question.prompt(), parameters, example);
        }
        String text = parameters.isEmpty() ? question.question() : PromptParameters.fill(question.question(), parameters);
        if (!question.passages().isEmpty()) {
            text = RagPrompt.render(text, question.passages(), example.config().effectiveRag());
        }
        return ask(example, question, text);
    }

    private static String converse(Question question, List<PromptMessage> messages, Map<String, String> parameters, Example example) {
        List<String> sent = new ArrayList<>();
        String last = null;
        for (PromptMessage message : messages) {
            if (message.isToFill()) {
                last = ask(example, question, String.join("\n", sent));
                sent.add(last);
            } else {
                sent.add(PromptParameters.fill(message, parameters).content());
            }
        }
        return messages.getLast().isToFill() ? last : ask(example, question, String.join("\n", sent));
    }

    private static String ask(Example example, Question question, String content) {
        DemoRule rule = example.rules().firstMatch(ANSWERER, content).orElseThrow(() -> new AssertionError(
                "demo-model.yaml has no rule answering " + question.id() + " (only the fallback would): " + content));
        return rule.reply();
    }

    private static String judge(Example example, Question question, String content, String call) {
        return example.rules().firstMatch(JUDGE, content).map(DemoRule::reply).orElseThrow(() -> new AssertionError(
                "demo-model.yaml has no " + call + " rule for " + question.id() + ": " + content));
    }

    private static List<String> iterable(java.util.Iterator<String> names) {
        List<String> list = new ArrayList<>();
        names.forEachRemaining(list::add);
        return list;
    }

    private record Example(Benchmark benchmark, RunConfig config, DemoRules rules) {

        static Example load(Path folder) throws IOException {
            return new Example(BenchmarkLoader.load(folder.resolve("benchmark.yaml")),
                    SpecReader.read(Files.readString(folder.resolve("run.yaml"), StandardCharsets.UTF_8), RunConfig.class),
                    DemoRules.load(folder.resolve("demo-model.yaml")));
        }
    }

    /** Tests run in test-support/; the examples sit at the repository root. */
    private static Path locateExamples() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("examples")) && Files.exists(dir.resolve("mvnw"))) {
                return dir.resolve("examples");
            }
        }
        throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
    }
}
