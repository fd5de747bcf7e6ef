-- Bot-check solutions already used (issue #31, item 7). A solution works once: its hash is kept
-- until the challenge or token it solves expires, so a replay fails on every server process that
-- shares this database. Hashes only: a stored row proves nothing to whoever reads it.
CREATE TABLE bot_check_used (
  solution_hash TEXT PRIMARY KEY,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX bot_check_used_expires_idx ON bot_check_used (expires_at);
