package dev.assay.cli;

import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.localstack.demo.DemoRules;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which models of a run the scripted demo model stands in for (examples/README-demo-format.md):
 * {@code openai} models with no {@code base_url} whose name the rules file serves. A model with
 * an endpoint of its own (in the config, or from {@code OPENAI_BASE_URL}) is never replaced.
 */
final class DemoMode {

    private DemoMode() {
    }

    /** The names of the models the demo serves in this run, in order; empty when none. */
    static List<String> servedModels(RunConfig config, DemoRules rules) {
        Set<String> served = new LinkedHashSet<>();
        for (ModelConfig model : all(config)) {
            if (isServed(model, rules)) {
                served.add(model.model());
            }
        }
        return List.copyOf(served);
    }

    /** The config with every served model pointed at the demo model's URL. */
    static RunConfig pointAt(RunConfig config, List<String> served, String baseUrl) {
        List<ModelConfig> answering = config.answeringModels().stream().map(model -> pointed(model, served, baseUrl)).toList();
        List<ModelConfig> judges = config.judges().stream().map(model -> pointed(model, served, baseUrl)).toList();
        return config.withModels(answering, judges);
    }

    private static boolean isServed(ModelConfig model, DemoRules rules) {
        return model != null && "openai".equals(model.interfaceName()) && model.baseUrl() == null
                && rules.models().contains(model.model());
    }

    private static ModelConfig pointed(ModelConfig model, List<String> served, String baseUrl) {
        if (model == null || model.baseUrl() != null || !"openai".equals(model.interfaceName()) || !served.contains(model.model())) {
            return model;
        }
        return model.withEndpoint(baseUrl, model.apiKeyEnv());
    }

    private static List<ModelConfig> all(RunConfig config) {
        return java.util.stream.Stream.concat(config.answeringModels().stream(), config.judges().stream()).toList();
    }
}
