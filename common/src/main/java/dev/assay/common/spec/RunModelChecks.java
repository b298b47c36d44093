package dev.assay.common.spec;

import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.common.run.RunConfig;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.Problems;

import java.util.List;

/**
 * What a run's models need where the run is going ({@link RunTarget}): an interface that exists
 * there, an endpoint to call, and no demo model where none runs. Without these a run starts and
 * every call ends in an error result.
 */
final class RunModelChecks {

    private RunModelChecks() {
    }

    static void check(RunConfig config, RunTarget target, Problems problems) {
        check("answering_models", config.answeringModels(), target, problems);
        check("judges", config.judges(), target, problems);
    }

    private static void check(String section, List<ModelConfig> models, RunTarget target, Problems problems) {
        for (int i = 0; i < models.size(); i++) {
            ModelConfig model = models.get(i);
            if (model == null) {
                continue;
            }
            String path = Problems.index(section, i);
            if (model.isAgent() && section.equals("judges")) {
                problems.add(Problems.field(path, "agent"), "a judge fills a template in one call; only answering models run as agents");
            }
            String name = model.interfaceName();
            if (name != null && !name.isBlank() && !target.interfaces().contains(name)) {
                problems.add(Problems.field(path, "interface"), (target.deployment()
                        ? "no service of this deployment runs interface \"" + name + "\""
                        : "unknown interface \"" + name + "\"")
                        + Suggestions.didYouMean(name, target.interfaces()) + "; known: " + String.join(", ", target.interfaces()));
                continue;
            }
            if (model.isDemo() && !target.demo()) {
                problems.add(Problems.field(path, "base_url"), "\"" + ModelConfig.DEMO_BASE_URL + "\" is the scripted demo model, "
                        + "which only assay run starts (on its own machine); a server needs the model's real base_url or api_key_env");
                continue;
            }
            if (target.environment() != null) {
                ModelConfig filled = ModelInterfaces.global().withEnvironment(model, target.environment());
                ModelInterfaces.global().missingEndpoint(filled, true).ifPresent(message -> problems.add(path, message));
            }
        }
    }
}
