-- Progress per stage for the live view (docs/api.md, GET /api/runs/{id}/events): one row per record
-- the store has seen leave a stage, read off the stage's output topic. A redelivered record, or the
-- same job answered again by a retry, keeps one row (its latest outcome), so counts never double.
-- No reference to runs: a run published straight to Kafka has no row there until its first result.
CREATE TABLE run_stage_records (
    run_id    varchar(128) NOT NULL,
    -- 'generation' (a job answered, on assay.answers) | 'parsing' (one judge's parse, on assay.parsed)
    stage     varchar(16)  NOT NULL,
    -- job_id for generation, result_id for parsing
    record_id varchar(128) NOT NULL,
    -- the stage's outcome carried a failure (the record goes on and ends as an error result)
    failed    boolean      NOT NULL,
    PRIMARY KEY (run_id, stage, record_id)
);
