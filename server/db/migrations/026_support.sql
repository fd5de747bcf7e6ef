-- Support chat (issue 31): one thread per player, the player's and the operators' messages, and
-- the documents a player attaches (a player asked to verify sends them here). Operators are
-- users with role 'operator'; the server reads the role on every operator call.

ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'player'
  CHECK (role IN ('player', 'operator'));

-- A document as the player sent it: type checked by its first bytes, size capped by the server.
CREATE TABLE support_attachments (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  content_type TEXT NOT NULL
    CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  size INTEGER NOT NULL CHECK (size BETWEEN 1 AND 5242880),
  data BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A thread is the player's user_id; `author` says who wrote (the operator's id when one did).
CREATE TABLE support_messages (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  author TEXT NOT NULL CHECK (author IN ('player', 'operator')),
  operator_id BIGINT REFERENCES users (id),
  body TEXT NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  -- The page the player was on (the widget is told on every route change).
  page TEXT CHECK (length(page) <= 512),
  attachment_id BIGINT REFERENCES support_attachments (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((author = 'operator') = (operator_id IS NOT NULL)),
  CHECK (body <> '' OR attachment_id IS NOT NULL)
);
CREATE INDEX support_messages_thread_idx ON support_messages (user_id, id);
CREATE INDEX support_attachments_user_idx ON support_attachments (user_id);
