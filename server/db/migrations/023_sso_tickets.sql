-- Single sign-on between this server's mirror hosts (issue 31, server/geo/sso.ts): a log-in on one
-- host (an origin of SSO_ORIGINS) mints a ticket that each other host accepts once, before
-- expires_at, to start a session of its own. Only the ticket's SHA-256 is stored.
CREATE TABLE sso_tickets (
  ticket_hash TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  -- The origins that have not used the ticket yet; each one removes itself, once.
  pending_origins TEXT[] NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sso_tickets_expiry_idx ON sso_tickets (expires_at);
