package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/** One page of runs, newest first. {@code page} counts from 0. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunPage(int page, int size, long total, List<RunSummary> runs) {
}
