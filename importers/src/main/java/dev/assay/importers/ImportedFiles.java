package dev.assay.importers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.assay.common.json.Json;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.common.run.RunConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Writes an {@link ImportResult} as the files {@code assay run} reads: the benchmark, and a
 * starter run config beside it that carries what belongs there (global traits, recorded answers,
 * the evaluation mode the questions need).
 */
public final class ImportedFiles {

    /**
     * The model the starter config names until the user picks one (or overrides it with --answering / --judge):
     * a real one with its key's variable named, so that the config runs as written once OPENAI_API_KEY is set
     * (a model with neither base_url nor api_key_env is no run's model).
     */
    public static final ModelConfig PLACEHOLDER_MODEL = ModelConfig.builder(ModelInterfaces.OPENAI, "gpt-4o-mini")
            .apiKeyEnv("OPENAI_API_KEY").build();

    private static final ObjectMapper YAML = Json.configure(YAMLMapper.builder(YAMLFactory.builder()
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                    .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .stringQuotingChecker(TextScalars.checker())
                    .build())
            .build())
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            // a ground truth written 4.0 stays 4.0 on its way through the tree
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    private ImportedFiles() {
    }

    /** The benchmark as YAML, with a header saying where it came from. */
    public static String benchmarkYaml(ImportResult result) {
        ObjectNode tree = YAML.valueToTree(result.benchmark());
        tree.withArray("questions").forEach(question -> dropEmpty((ObjectNode) question, QUESTION_DEFAULTS));
        return header(result) + yaml(tree);
    }

    /**
     * A run config that runs the imported benchmark as it is: {@code manual} answering with the
     * recorded answers when there are some, else a placeholder model to replace; the judge is a
     * placeholder too (a run always names one, even when no trait needs a call).
     */
    public static RunConfig starterRunConfig(ImportResult result) {
        boolean recorded = !result.manualAnswers().isEmpty();
        ModelConfig answeringModel = recorded ? ModelConfig.of(ModelConfig.MANUAL, null)
                : result.systemPrompt() == null ? PLACEHOLDER_MODEL : PLACEHOLDER_MODEL.toBuilder().systemPrompt(result.systemPrompt()).build();
        return RunConfig.builder()
                .name(result.benchmark().name())
                .answeringModels(List.of(answeringModel))
                .judges(List.of(PLACEHOLDER_MODEL))
                .evaluationMode(result.evaluationMode())
                .fewShot(result.fewShot())
                .manualAnswers(recorded ? result.manualAnswers() : null)
                .globalRubric(result.globalRubric() == null || result.globalRubric().isEmpty() ? null : result.globalRubric())
                .build();
    }

    public static String runConfigYaml(ImportResult result) {
        String note = result.manualAnswers().isEmpty()
                ? "# answering_models and judges name a placeholder model, OpenAI's gpt-4o-mini with its key read from\n"
                + "# OPENAI_API_KEY: put yours here (base_url for another server), or pass --answering / --judge.\n"
                : "# The recorded answers are re-checked by a manual answering model. The judge is a placeholder: regex and\n"
                + "# expression traits need no call; replace it before adding LLM-judged traits (it reads OPENAI_API_KEY).\n";
        ObjectNode tree = YAML.valueToTree(starterRunConfig(result));
        dropEmpty(tree, CONFIG_DEFAULTS);
        if (tree.get("few_shot") instanceof ObjectNode fewShot) {
            dropEmpty(fewShot, FEW_SHOT_DEFAULTS);
        }
        return header(result) + note + yaml(tree);
    }

    /**
     * Writes the benchmark to {@code benchmarkFile} and, unless {@code configFile} is null, the
     * starter run config. An existing run config is never overwritten: the return value says so.
     *
     * @return a line per file, as the CLI prints them
     */
    public static List<String> write(ImportResult result, Path benchmarkFile, Path configFile) {
        try {
            Path parent = benchmarkFile.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(benchmarkFile, benchmarkYaml(result));
            if (configFile == null) {
                return List.of("wrote " + benchmarkFile);
            }
            if (Files.exists(configFile)) {
                return List.of("wrote " + benchmarkFile, "kept the existing " + configFile
                        + " (not overwritten; the starter config would carry the recorded answers and global traits)");
            }
            Files.writeString(configFile, runConfigYaml(result));
            return List.of("wrote " + benchmarkFile, "wrote " + configFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the imported benchmark: " + e.getMessage(), e);
        }
    }

    /**
     * Keys whose empty value is their default: left out, so the file shows what the import found.
     * Only these: elsewhere an empty value can mean something (an empty list as ground truth).
     */
    private static final Set<String> QUESTION_DEFAULTS = Set.of("keywords", "nuggets", "passages", "prompt_parameters",
            "few_shot", "metadata");
    private static final Set<String> CONFIG_DEFAULTS = Set.of("manual_answers");
    private static final Set<String> FEW_SHOT_DEFAULTS = Set.of("ids", "examples");

    private static void dropEmpty(ObjectNode node, Set<String> keys) {
        keys.forEach(key -> {
            JsonNode value = node.get(key);
            if (value != null && value.isContainerNode() && value.isEmpty()) {
                node.remove(key);
            }
        });
    }

    private static String header(ImportResult result) {
        return "# Imported by assay import " + result.report().format() + " from " + result.report().source() + ".\n";
    }

    private static String yaml(Object value) {
        try {
            return YAML.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write " + value.getClass().getSimpleName() + " as YAML", e);
        }
    }
}
