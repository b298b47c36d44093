package dev.assay.common.pipeline;

import java.util.List;

/** The Kafka topics of the pipeline (DESIGN §2). Names only: no Kafka dependency here. */
public final class Topics {

    /** One {@link VerificationJob} per question × answering model × replicate. Any producer may publish here. */
    public static final String JOBS = "assay.jobs";
    /** {@link AnsweredJob}: the job plus its generation outcome. */
    public static final String ANSWERS = "assay.answers";
    /** {@link ParsedJob}: one per judge. */
    public static final String PARSED = "assay.parsed";
    /** {@link VerificationResult}: public, other systems may consume it. */
    public static final String RESULTS = "assay.results";
    /** Records that could not be read or processed, with the reason in headers. */
    public static final String DLQ = "assay.dlq";

    public static final List<String> ALL = List.of(JOBS, ANSWERS, PARSED, RESULTS, DLQ);

    private Topics() {
    }
}
