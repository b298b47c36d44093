-- What the service reads back about a run is a column, not a value dug out of spec.
-- null: the run was first seen on assay.results (no config); the highest stored replicate stands in.
ALTER TABLE runs ADD COLUMN replicates integer;

-- runs submitted before this column: their config says (a config without replicates asked once)
UPDATE runs SET replicates = COALESCE((spec -> 'config' ->> 'replicates')::integer, 1) WHERE spec IS NOT NULL;
