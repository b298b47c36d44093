package dev.assay.cli.report;

/**
 * How the summary table groups a run's results ({@code --group-by}): per answering model × judge,
 * or per question tag (keyword) and then model × judge, a question with several tags counting in each.
 */
public enum Grouping {
    MODEL,
    TAG
}
