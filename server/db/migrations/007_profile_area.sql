-- The profile area (GET /profile/sessions, GET /profile/history).
-- What a player needs to recognise a session: the device and address it was started from. Sessions
-- started before this migration keep NULL (shown as "unknown device").
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN ip TEXT;
-- Live sessions of one player, newest activity first.
CREATE INDEX sessions_user_live_idx ON sessions (user_id, last_seen_at DESC) WHERE ended_at IS NULL;
-- Deposit history pages by keyset (created_at, id) newest first, one player at a time.
CREATE INDEX invoices_user_history_idx ON invoices (user_id, created_at DESC, id DESC);
