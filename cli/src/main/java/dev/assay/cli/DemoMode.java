package dev.assay.cli;

import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.common.run.RunConfig;
import dev.assay.localstack.demo.DemoRules;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Which models of a run the scripted demo model stands in for (examples/README-demo-format.md).
 * Only models the user named as the demo, never a model by default: those whose {@code base_url}
 * is {@code demo} in the run config, and, when {@code --demo-model FILE} is given on the command
 * line, the {@code openai} models without a {@code base_url} whose name that file serves. A
 * {@code demo-model.yaml} lying next to the run config only supplies the rules for the first kind.
 */
final class DemoMode {

    static final String RULES_FILE = "demo-model.yaml";

    private DemoMode() {
    }

    /** The config with every model {@code --demo-model}'s rules serve (openai, no base_url, a name they list) named as the demo. */
    static RunConfig markServed(RunConfig config, DemoRules rules) {
        return map(config, model -> isServedByFlag(model, rules) ? model.withEndpoint(ModelConfig.DEMO_BASE_URL, model.apiKeyEnv()) : model);
    }

    /** The canonical keys of the models {@code --demo-model}'s rules would serve. */
    static Set<String> servedByFlag(RunConfig config, DemoRules rules) {
        return Set.copyOf(all(config).stream().filter(model -> isServedByFlag(model, rules)).map(ModelConfig::canonicalKey).toList());
    }

    /** The models the demo answers in this run (base_url demo), each once, in order. */
    static List<ModelConfig> models(RunConfig config) {
        Map<String, ModelConfig> demo = new LinkedHashMap<>();
        all(config).stream().filter(model -> model != null && model.isDemo()).forEach(model -> demo.putIfAbsent(model.canonicalKey(), model));
        return List.copyOf(demo.values());
    }

    /** The config with the demo's models pointed at the running demo model. */
    static RunConfig pointAt(RunConfig config, String baseUrl) {
        return map(config, model -> model != null && model.isDemo() ? model.withEndpoint(baseUrl, model.apiKeyEnv()) : model);
    }

    /** {@code demo-model.yaml} in the same folder as {@code file}, or null. */
    static Path rulesNextTo(Path file) {
        Path next = file.toAbsolutePath().resolveSibling(RULES_FILE);
        return Files.isRegularFile(next) ? file.resolveSibling(RULES_FILE) : null;
    }

    /** Every demo model's name must be one the rules answer for: otherwise each of its calls would fail. */
    static void requireServed(List<ModelConfig> demoModels, DemoRules rules, Path rulesFile) {
        List<String> unserved = new ArrayList<>();
        for (ModelConfig model : demoModels) {
            if (!rules.serves(model.model())) {
                unserved.add(model.canonicalKey());
            }
        }
        if (!unserved.isEmpty()) {
            throw new InvalidInputException(String.join(", ", unserved) + " " + (unserved.size() == 1 ? "has" : "have")
                    + " base_url: demo, but " + rulesFile + " serves only " + String.join(", ", rules.models())
                    + "; add the name to its models, or give the model a real base_url or api_key_env");
        }
    }

    private static boolean isServedByFlag(ModelConfig model, DemoRules rules) {
        return model != null && ModelInterfaces.OPENAI.equals(model.interfaceName()) && model.baseUrl() == null
                && rules.serves(model.model());
    }

    private static RunConfig map(RunConfig config, UnaryOperator<ModelConfig> change) {
        return config.withModels(config.answeringModels().stream().map(change).toList(), config.judges().stream().map(change).toList());
    }

    private static List<ModelConfig> all(RunConfig config) {
        return Stream.concat(config.answeringModels().stream(), config.judges().stream()).toList();
    }
}
