-- Product analytics (issue 31, item 2): the events posthog-js sends to the reference server's
-- ingest endpoint (server/analytics/ingest.ts), kept so an operator without a PostHog host can
-- still read them (the sandbox page /api/sandbox/analytics). posthog-js gives every event a uuid
-- and resends a batch it did not see answered, so the uuid keeps a retried event from counting
-- twice.
CREATE TABLE analytics_events (
  id BIGSERIAL PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  event TEXT NOT NULL,
  distinct_id TEXT NOT NULL,
  properties JSONB NOT NULL,
  set_props JSONB,
  set_once_props JSONB,
  sent_at TIMESTAMPTZ,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_distinct_id ON analytics_events (distinct_id, id);
