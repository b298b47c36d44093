-- Run registry and result store (docs/api.md). Flyway owns the schema; Hibernate only validates it.

CREATE TABLE runs (
    run_id           varchar(128) PRIMARY KEY,
    name             varchar(512),
    -- 'api': submitted through POST /api/runs; 'kafka': first seen as a result on assay.results
    source           varchar(16)  NOT NULL,
    -- queued | running | completed | failed (jobs could not be published)
    status           varchar(16)  NOT NULL,
    jobs             integer,
    -- jobs x judges; null when the run was not submitted through the API
    expected_results integer,
    -- distinct results stored so far; a redelivery does not count again
    stored_results   integer      NOT NULL DEFAULT 0,
    error            text,
    -- the validated benchmark and run config, as submitted (no secrets: keys are named, never held)
    spec             jsonb,
    created_at       timestamp(6) with time zone NOT NULL,
    updated_at       timestamp(6) with time zone NOT NULL,
    finished_at      timestamp(6) with time zone
);

CREATE INDEX runs_created_at ON runs (created_at DESC);

CREATE TABLE results (
    result_id        varchar(128) PRIMARY KEY,
    run_id           varchar(128) NOT NULL REFERENCES runs (run_id),
    job_id           varchar(128) NOT NULL,
    question_id      varchar(512),
    answering_model  varchar(512),
    judge            varchar(512),
    replicate        integer      NOT NULL,
    status           varchar(16)  NOT NULL,
    -- usage.total of the result, kept apart so run totals are a plain SUM
    input_tokens     bigint,
    output_tokens    bigint,
    total_tokens     bigint,
    cost_usd         numeric,
    completed_at     timestamp(6) with time zone,
    stored_at        timestamp(6) with time zone NOT NULL,
    updated_at       timestamp(6) with time zone NOT NULL,
    -- how often this result arrived: 1, or more after redeliveries
    deliveries       integer      NOT NULL DEFAULT 1,
    result           jsonb        NOT NULL
);

CREATE INDEX results_run_stored ON results (run_id, stored_at, result_id);
CREATE INDEX results_run_status ON results (run_id, status);
CREATE INDEX results_run_question ON results (run_id, question_id);
CREATE INDEX results_run_model ON results (run_id, answering_model);
CREATE INDEX results_run_judge ON results (run_id, judge);
