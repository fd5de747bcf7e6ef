-- Refresh tokens a session has already rotated away. Each works once: one presented again was
-- copied (by a thief, or the player's copy was), so the session it belonged to is ended.
-- Hashes only, like the live ones in sessions; the rows go with their session.
CREATE TABLE spent_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id BIGINT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  spent_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX spent_refresh_tokens_session_idx ON spent_refresh_tokens (session_id);
