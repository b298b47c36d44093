package dev.assay.generation.repository;

import java.math.BigDecimal;

/** Count and usage sums of one run's stored results with one status. */
public record StatusAggregate(String runId, String status, Long count, Long inputTokens, Long outputTokens,
                              Long totalTokens, BigDecimal costUsd) {
}
