-- Real social log-in (server/social/): the provider accounts a player signs in with, and the
-- secrets of an attempt that the provider's callback must present back.

-- One row per provider account: the provider's stable subject ("sub" of Google, the Yandex id,
-- the VK user_id, the Telegram id) names one player. Looked up by (provider, subject) only, never
-- by an e-mail a provider reports, so a provider account cannot take over an e-mail account.
CREATE TABLE social_accounts (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id BIGINT NOT NULL REFERENCES users(id),
  created_at TIMESTAMPTZ NOT NULL,
  last_login_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_accounts_user_idx ON social_accounts (user_id);

-- The PKCE code verifier and the OpenID Connect nonce of an attempt, kept on the server until
-- its callback (the state in the URL is only a handle to them).
ALTER TABLE social_logins ADD COLUMN code_verifier TEXT;
ALTER TABLE social_logins ADD COLUMN nonce TEXT;
