package dev.assay.generation.service;

import dev.assay.common.pipeline.VerificationJob;

import java.util.List;

/** Puts jobs on {@code assay.jobs}. The messaging layer implements it; the service knows no Kafka. */
public interface JobPublisher {

    /** Returns once the broker acknowledged every job; throws if any could not be published. */
    void publish(List<VerificationJob> jobs);
}
