package dev.assay.generation.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.LocatedTree;
import dev.assay.common.validation.Problem;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.Validation;
import dev.assay.generation.config.ApiConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Takes a submitted run body ({@code {"benchmark": …, "config": …}}) apart and has the run's one
 * validation ({@link RunSpecs}) check its two documents and the pair, with the interfaces this
 * deployment serves; every problem comes back at once, each as {@code path: message} from the top
 * of the body with its line and column in it.
 */
@ApplicationScoped
public class RunValidator {

    static final String BENCHMARK = "benchmark";
    static final String CONFIG = "config";
    private static final List<String> BODY_FIELDS = List.of(BENCHMARK, CONFIG);
    private static final String BODY = "body";

    private final ApiConfig config;

    public RunValidator(ApiConfig config) {
        this.config = config;
    }

    /** The checked pair; throws {@link InvalidRequestException} listing every problem. */
    public ValidRun validate(LocatedTree body) {
        JsonNode root = body.root();
        if (root == null || !root.isObject()) {
            throw new InvalidRequestException("body: expected a mapping with \"benchmark\" and \"config\", got "
                    + (root == null || root.isNull() || root.isMissingNode() ? "nothing" : root.getNodeType().name().toLowerCase()));
        }
        List<Problem> problems = new ArrayList<>();
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!BODY_FIELDS.contains(name)) {
                problems.add(new Problem(BODY, "", "unknown field \"" + name + "\"" + Suggestions.didYouMean(name, BODY_FIELDS)
                        + "; expected \"benchmark\" and \"config\"", body.locations().locate(Problems.field("", name))));
            }
        }
        Validation<ValidRun> validation = RunSpecs.validate(SpecDocument.member(body, BENCHMARK), SpecDocument.member(body, CONFIG),
                config.interfaces());
        problems.addAll(validation.problems());
        if (!problems.isEmpty()) {
            throw InvalidRequestException.of(problems);
        }
        return validation.orThrow();
    }
}
