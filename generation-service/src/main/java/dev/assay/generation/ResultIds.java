package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/** A run's result ids in the order they were first stored: the order of its results' pages. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ResultIds(String runId, List<String> resultIds) {
}
