-- The response cache (docs/cache.md): one answer per key, shared by every stage and instance.
-- The key is a SHA-256 over the model, its request parameters, the schema, the exact messages and the replicate.
CREATE TABLE response_cache (
    cache_key  TEXT PRIMARY KEY,
    model      TEXT NOT NULL,
    response   TEXT NOT NULL,
    usage      TEXT NOT NULL,
    cost_usd   NUMERIC,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    hits       BIGINT NOT NULL DEFAULT 0
);
