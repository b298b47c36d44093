package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code assay extend RUN}: adds answering models, judges or replicates to a run; only the jobs
 * they add are queued, and the reports show the new models beside the old ones. See docs/cli.md.
 */
@Command(name = "extend", mixinStandardHelpOptions = true,
        description = "Add answering models, judges or replicates to a run; only the new jobs are queued.")
final class ExtendCommand extends RequeueCommand {

    @Option(names = "--config", paramLabel = "ADDITIONS.yaml",
            description = "config additions: answering_models and judges (model configs, as in a run config) and replicates (the new total)")
    Path additions;

    @Option(names = "--answering", paramLabel = "INTERFACE:MODEL", description = "an answering model to add (repeatable)")
    List<String> answering = new ArrayList<>();

    @Option(names = "--judge", paramLabel = "INTERFACE:MODEL", description = "a judge to add (repeatable)")
    List<String> judges = new ArrayList<>();

    @Option(names = "--replicates", paramLabel = "N", description = "ask each question this many times in all (at least the run's)")
    Integer replicates;

    @Override
    JsonNode requeue(RunApi api) {
        return api.extend(runId, body(), noCache);
    }

    @Override
    String what() {
        return "extension";
    }

    /** The additions file, then the flags' models and replicates. Checked by the service, which knows the run's config. */
    ObjectNode body() {
        ObjectNode body;
        if (additions != null) {
            try {
                JsonNode read = Json.yaml().readTree(Files.readString(additions));
                if (read == null || !read.isObject()) {
                    throw new InvalidInputException(additions + ": expected a mapping with answering_models, judges or replicates");
                }
                body = (ObjectNode) read;
            } catch (IOException e) {
                throw new InvalidInputException(additions + ": cannot be read: " + e.getMessage());
            }
        } else {
            body = Json.mapper().createObjectNode();
        }
        add(body, "answering_models", "--answering", answering);
        add(body, "judges", "--judge", judges);
        if (replicates != null) {
            body.put("replicates", replicates);
        }
        if (body.isEmpty()) {
            throw new InvalidInputException("nothing to add: give --answering, --judge, --replicates or --config ADDITIONS.yaml");
        }
        return body;
    }

    private void add(ObjectNode body, String field, String flag, List<String> values) {
        if (values.isEmpty()) {
            return;
        }
        ArrayNode models = body.has(field) && body.get(field).isArray() ? (ArrayNode) body.get(field) : body.putArray(field);
        for (String value : values) {
            // only the name of a key variable goes to the service, never a key (RunConfigOverrides)
            ModelConfig model = ModelInterfaces.global().withEnvironment(RunConfigOverrides.parseModel(flag, value), env);
            models.add(Json.mapper().valueToTree(model));
        }
    }
}
