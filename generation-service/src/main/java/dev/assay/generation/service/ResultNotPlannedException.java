package dev.assay.generation.service;

/**
 * A result its run did not plan ({@link RunPlans}): the store refuses it at once, without retrying,
 * and the consumer dead-letters it with this message as the reason.
 */
public class ResultNotPlannedException extends RuntimeException {

    public ResultNotPlannedException(String message) {
        super(message);
    }
}
