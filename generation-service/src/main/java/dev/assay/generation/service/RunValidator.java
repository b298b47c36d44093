package dev.assay.generation.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.run.RunConfig;
import dev.assay.common.run.RunPlanner;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.Suggestions;
import dev.assay.common.validation.Validatable;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import dev.assay.generation.config.ApiConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a submitted run body ({@code {"benchmark": …, "config": …}}) and collects every problem
 * of both documents and of the pair, each as {@code path: message}, so one round trip shows the
 * user everything to fix.
 */
@ApplicationScoped
public class RunValidator {

    static final String BENCHMARK = "benchmark";
    static final String CONFIG = "config";
    private static final List<String> BODY_FIELDS = List.of(BENCHMARK, CONFIG);

    private final ApiConfig config;

    public RunValidator(ApiConfig config) {
        this.config = config;
    }

    /** The checked pair; throws {@link InvalidRequestException} listing every problem. */
    public ValidRun validate(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new InvalidRequestException("body: expected a mapping with \"benchmark\" and \"config\", got "
                    + (body == null || body.isNull() || body.isMissingNode() ? "nothing" : body.getNodeType().name().toLowerCase()));
        }
        List<ValidationError> errors = new ArrayList<>();
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!BODY_FIELDS.contains(name)) {
                errors.add(new ValidationError("body", "unknown field \"" + name + "\"" + Suggestions.didYouMean(name, BODY_FIELDS)
                        + "; expected \"benchmark\" and \"config\""));
            }
        }
        Benchmark benchmark = read(body.get(BENCHMARK), Benchmark.class, BENCHMARK, errors);
        RunConfig runConfig = read(body.get(CONFIG), RunConfig.class, CONFIG, errors);
        checkInterfaces(body.get(CONFIG), errors);
        if (benchmark != null && runConfig != null) {
            // The pair's checks repeat each document's own: keep only what is new, and nothing at
            // a place already reported (binding said it better).
            Set<String> reported = new HashSet<>();
            errors.forEach(error -> reported.add(error.path()));
            RunPlanner.check(benchmark, runConfig, BENCHMARK, CONFIG).errors().stream()
                    .filter(error -> !reported.contains(error.path()))
                    .forEach(errors::add);
        }
        if (!errors.isEmpty()) {
            Set<String> distinct = new LinkedHashSet<>();
            errors.forEach(error -> distinct.add(error.toString()));
            throw new InvalidRequestException(List.copyOf(distinct));
        }
        return new ValidRun(benchmark, runConfig);
    }

    private static <T extends Validatable> T read(JsonNode tree, Class<T> type, String path, List<ValidationError> errors) {
        try {
            return SpecReader.read(tree, type, path);
        } catch (ValidationException e) {
            errors.addAll(e.errors());
            return bindOnly(tree, type);
        }
    }

    /**
     * The document bound without its own checks, for the cross-check of the pair: a benchmark
     * whose only problem is, say, a duplicate id still shows its config-related problems.
     * Null when it cannot even be bound (those errors are already reported).
     */
    private static <T> T bindOnly(JsonNode tree, Class<T> type) {
        if (tree == null || !tree.isObject()) {
            return null;
        }
        try {
            return Json.yaml().treeToValue(tree, type);
        } catch (Exception e) {
            return null;
        }
    }

    /** A model whose interface no service of this deployment runs would only ever produce error results. */
    private void checkInterfaces(JsonNode runConfig, List<ValidationError> errors) {
        if (runConfig == null || !runConfig.isObject()) {
            return;
        }
        List<String> known = config.interfaces();
        for (String section : List.of("answering_models", "judges")) {
            JsonNode models = runConfig.get(section);
            if (models == null || !models.isArray()) {
                continue;
            }
            for (int i = 0; i < models.size(); i++) {
                JsonNode name = models.get(i).get("interface");
                if (name != null && name.isTextual() && !name.asText().isBlank() && !known.contains(name.asText())) {
                    String path = Problems.field(Problems.index(Problems.field(CONFIG, section), i), "interface");
                    errors.add(new ValidationError(path, "no service of this deployment runs interface \"" + name.asText() + "\""
                            + Suggestions.didYouMean(name.asText(), known) + "; known: " + String.join(", ", known)));
                }
            }
        }
    }
}
