package dev.assay.rubric.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.pipeline.JobSettings;

/**
 * What a trait or nugget is scored on: the question, the response, the fields the judge parsed
 * from it (null in rubric_only mode) and the run's settings.
 */
public record TraitInput(Question question, String response, JsonNode parsed, JobSettings settings) {
    public TraitInput {
        response = response == null ? "" : response;
    }
}
