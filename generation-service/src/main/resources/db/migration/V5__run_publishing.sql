-- Publishing a submitted run's jobs after the 202 (docs/api.md, "Submit a run"): the run row, with its
-- spec, is the outbox. Its jobs are planned again from spec (deterministic ids, in plan order) and
-- published; jobs_published counts the plan's first jobs the broker has acknowledged, so a
-- restarted service resumes from there (a job acknowledged after the last count is published
-- again, and its results deduplicated by their ids). null: nothing to publish here (a run first
-- seen on Kafka, or submitted before this column, when the submit itself waited for the broker).
ALTER TABLE runs ADD COLUMN jobs_published integer;
-- Until when the instance publishing the run holds it (renewed while it publishes); a run whose
-- publishing is unfinished and whose lease ran out is taken up by any instance.
ALTER TABLE runs ADD COLUMN publishing_until timestamp(6) with time zone;

CREATE INDEX runs_unpublished ON runs (publishing_until) WHERE jobs_published < jobs AND status <> 'failed';
