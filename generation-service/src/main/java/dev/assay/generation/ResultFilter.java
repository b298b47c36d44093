package dev.assay.generation;

import dev.assay.common.pipeline.ResultStatus;

/**
 * Which of a run's results to list; a null criterion matches everything.
 *
 * @param model   canonical key of the answering model
 * @param judge   canonical key of the judge
 * @param verdict the result status
 */
public record ResultFilter(String question, String model, String judge, ResultStatus verdict) {

    public static final ResultFilter ALL = new ResultFilter(null, null, null, null);
}
