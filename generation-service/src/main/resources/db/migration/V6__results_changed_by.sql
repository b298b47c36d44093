-- The transaction that last wrote each result, so a reader can ask for what changed since it last
-- read (GET /api/runs/{id}/results/changes, docs/api.md). A trigger sets it, so every insert and
-- update keeps it whatever statement wrote the row. Rows from before this column count as written
-- by transaction 1, before any real one: a first read (since 0) has them.
ALTER TABLE results ADD COLUMN changed_by xid8 NOT NULL DEFAULT '1';

CREATE FUNCTION results_changed_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.changed_by := pg_current_xact_id();
    RETURN NEW;
END
$$;

CREATE TRIGGER results_changed_by BEFORE INSERT OR UPDATE ON results
    FOR EACH ROW EXECUTE FUNCTION results_changed_by();

CREATE INDEX results_run_changed ON results (run_id, changed_by);
