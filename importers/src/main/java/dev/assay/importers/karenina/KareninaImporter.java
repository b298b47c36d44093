package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.FewShotSettings;
import dev.assay.importers.BenchmarkImporter;
import dev.assay.importers.ImportEntry;
import dev.assay.importers.ImportException;
import dev.assay.importers.ImportReport;
import dev.assay.importers.ImportResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Imports a Karenina JSON-LD checkpoint ({@code .jsonld} / {@code .json}): one question per
 * {@code dataFeedElement} item, the root's ratings as the run config's global rubric. Python
 * templates and traits are read as text and converted only when Assay's form verifies the same way;
 * the report says what was left out and why.
 */
public final class KareninaImporter implements BenchmarkImporter {

    public static final String FORMAT = "karenina";

    /** Root settings this importer reads (or that only describe the file). */
    private static final Set<String> READ_ROOT_PROPERTIES = Set.of("benchmark_format_version", "checkpoint_format_version",
            "global_regex_rubric_traits", "global_callable_rubric_traits", "global_metric_rubric_traits");

    /** The answering system prompt Karenina's verification config gives a model that sets none. */
    static final String SYSTEM_PROMPT = "You are an expert assistant. Answer the question accurately and concisely.";

    /** Karenina's few-shot defaults: off unless the run turns it on, and then one Question:/Answer: text. */
    static final FewShotSettings FEW_SHOT = new FewShotSettings(null, null, null, null, null, false, FewShotSettings.TEXT);

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String description() {
        return "a Karenina JSON-LD checkpoint (.jsonld/.json): questions, raw answers, keywords, rubric traits, "
                + "and answer templates that are declarative or follow the generated pattern";
    }

    @Override
    public ImportResult read(Path source) {
        Checkpoint checkpoint = CheckpointReader.read(source);
        List<String> notes = new ArrayList<>();
        notes.add(describe(checkpoint));
        Rubric global = globalRubric(checkpoint, notes);
        Set<String> globalNames = new HashSet<>(global.names());

        DataFeedItemConverter converter = new DataFeedItemConverter(globalNames);
        List<Question> questions = new ArrayList<>();
        List<ImportEntry> entries = new ArrayList<>();
        List<JsonNode> elements = checkpoint.elements();
        for (int i = 0; i < elements.size(); i++) {
            DataFeedItemConverter.Converted converted = converter.convert(elements.get(i), i);
            entries.add(converted.entry());
            if (converted.question() != null) {
                questions.add(converted.question());
            }
        }
        if (questions.isEmpty()) {
            throw new ImportException(checkpoint.file() + ": no question to import" + (entries.isEmpty() ? " (dataFeedElement is empty)"
                    : ": " + entries.stream().map(entry -> entry.source() + ": " + entry.reasons().getFirst()).collect(Collectors.joining("; "))));
        }
        unreadRootSettings(checkpoint, notes);
        EvaluationMode mode = evaluationMode(questions, global, notes);

        String name = checkpoint.text("name").orElse(fileStem(source));
        Benchmark benchmark = new Benchmark(name, checkpoint.text("description").orElse(null), questions);
        notes.add("the starter run config asks as Karenina does: the answering model's system prompt is Karenina's default "
                + "(\"" + SYSTEM_PROMPT + "\"), and few-shot examples are off (few_shot.enabled: false; set it to true to "
                + "show them, as one Question:/Answer: message: format text)");
        ImportReport report = new ImportReport(FORMAT, checkpoint.file(), entries, notes);
        return new ImportResult(benchmark, global.isEmpty() ? null : global, null, mode, report, SYSTEM_PROMPT, FEW_SHOT);
    }

    private static String describe(Checkpoint checkpoint) {
        StringBuilder line = new StringBuilder("checkpoint \"").append(checkpoint.text("name").orElse("(unnamed)")).append('"');
        checkpoint.text("version").ifPresent(version -> line.append(" version ").append(version));
        checkpoint.properties().text("benchmark_format_version").or(() -> checkpoint.properties().text("checkpoint_format_version"))
                .ifPresent(format -> line.append(" (format ").append(format).append(')'));
        checkpoint.text("dateCreated").ifPresent(date -> line.append(", created ").append(date));
        checkpoint.text("creator").ifPresent(creator -> line.append(" by ").append(creator));
        return line.append(", ").append(checkpoint.elements().size()).append(" items").toString();
    }

    /** The root's ratings (and older checkpoints' global trait properties), for the run config. */
    private static Rubric globalRubric(Checkpoint checkpoint, List<String> notes) {
        List<LegacyGlobalTraits.Placed> ratings = new ArrayList<>();
        List<JsonNode> root = checkpoint.globalRatings();
        for (int i = 0; i < root.size(); i++) {
            ratings.add(new LegacyGlobalTraits.Placed(root.get(i), "rating[" + i + "]"));
        }
        ratings.addAll(LegacyGlobalTraits.ratings(checkpoint.properties()));
        List<RubricTrait> traits = new ArrayList<>();
        List<RubricTrait> dynamicTraits = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (LegacyGlobalTraits.Placed placed : ratings) {
            RatingTraits.TraitConversion conversion = RatingTraits.convert(placed.rating(), "global " + placed.where());
            conversion.reasons().forEach(reason -> notes.add(reason.startsWith("global ") ? reason : "global " + reason));
            if (conversion.trait() == null) {
                continue;
            }
            if (!names.add(conversion.trait().name())) {
                notes.add("global trait \"" + conversion.trait().name() + "\": a second global trait of this name; left out");
                continue;
            }
            (conversion.dynamic() ? dynamicTraits : traits).add(conversion.trait());
        }
        if (!names.isEmpty()) {
            notes.add(names.size() + " global trait" + (names.size() == 1 ? "" : "s") + " moved to the run config's global_rubric: "
                    + String.join(", ", names));
        }
        return new Rubric(traits, dynamicTraits);
    }

    private static void unreadRootSettings(Checkpoint checkpoint, List<String> notes) {
        List<String> unread = checkpoint.properties().all().keySet().stream()
                .filter(name -> !READ_ROOT_PROPERTIES.contains(name)).toList();
        if (!unread.isEmpty()) {
            notes.add("checkpoint settings with no place in an Assay benchmark, not imported: " + String.join(", ", unread));
        }
    }

    /**
     * The default (template_and_rubric) needs a template on every question. When some converted,
     * the run keeps the default so that those are verified, and each question without one is
     * marked {@code evaluation_mode: rubric_only} for itself; when none did, the starter config
     * uses rubric_only for the whole run.
     */
    private static EvaluationMode evaluationMode(List<Question> questions, Rubric global, List<String> notes) {
        long withTemplate = questions.stream().filter(question -> question.template() != null).count();
        if (withTemplate == questions.size()) {
            return null;
        }
        if (withTemplate > 0) {
            List<String> without = new ArrayList<>();
            questions.replaceAll(question -> {
                if (question.template() != null) {
                    return question;
                }
                without.add(question.id());
                return question.toBuilder().evaluationMode(EvaluationMode.RUBRIC_ONLY.wireName()).build();
            });
            notes.add(withTemplate + " of " + questions.size() + " questions have a converted template, and the run keeps "
                    + "template_and_rubric so that they are verified; the " + without.size() + " without one are marked "
                    + "evaluation_mode: rubric_only for themselves: " + String.join(", ", without));
            noTraits(without, questions, global, notes);
            return null;
        }
        notes.add("no question has a converted template: the starter run config uses evaluation_mode rubric_only");
        noTraits(questions.stream().map(Question::id).toList(), questions, global, notes);
        return EvaluationMode.RUBRIC_ONLY;
    }

    /** A rubric-only question without traits (own or global) gets its answer recorded and nothing scored: worth saying. */
    private static void noTraits(List<String> rubricOnly, List<Question> questions, Rubric global, List<String> notes) {
        if (!global.isEmpty()) {
            return;
        }
        Set<String> ids = new HashSet<>(rubricOnly);
        List<String> bare = questions.stream().filter(question -> ids.contains(question.id()) && question.rubric() == null)
                .map(Question::id).toList();
        if (!bare.isEmpty()) {
            notes.add("rubric only, nothing is scored for " + bare.size() + " question" + (bare.size() == 1 ? "" : "s")
                    + " without traits: " + String.join(", ", bare));
        }
    }

    private static String fileStem(Path source) {
        String file = source.getFileName() == null ? "karenina" : source.getFileName().toString();
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
