-- The response cache's entries carry the run that paid for them (docs/cache.md), so one run's or one
-- model's entries can be cleared (DELETE /api/cache?run=…&model=…). Entries stored before have none.
ALTER TABLE response_cache ADD COLUMN run_id TEXT;
CREATE INDEX response_cache_run_id ON response_cache (run_id);
CREATE INDEX response_cache_model ON response_cache (model);
