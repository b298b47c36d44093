package dev.assay.generation.repository;

import java.util.List;

/**
 * One page of a query's rows and how many rows the whole query has: what a repository hands the
 * service layer instead of a Panache query.
 */
public record RowPage<T>(List<T> rows, long total) {

    public RowPage {
        rows = List.copyOf(rows);
    }
}
