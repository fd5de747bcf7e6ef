-- Players, their sessions and the one-time secrets (codes, reset tokens) sent to them.
CREATE TABLE users (
  id BIGSERIAL PRIMARY KEY,
  email TEXT UNIQUE,
  phone TEXT UNIQUE,
  name TEXT,
  password_hash TEXT,
  currency TEXT NOT NULL DEFAULT 'RUB' CHECK (currency IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
  locale TEXT CHECK (locale IN ('ru', 'en', 'kz')),
  timezone TEXT,
  register_method TEXT NOT NULL CHECK (register_method IN ('email', 'phone', 'social')),
  is_email_verified BOOLEAN NOT NULL DEFAULT false,
  is_phone_verified BOOLEAN NOT NULL DEFAULT false,
  is_avatar_hidden BOOLEAN NOT NULL DEFAULT false,
  is_statistics_hidden BOOLEAN NOT NULL DEFAULT false,
  is_premium BOOLEAN NOT NULL DEFAULT false,
  verification_is_need BOOLEAN NOT NULL DEFAULT false,
  verification_status TEXT,
  features TEXT[] NOT NULL DEFAULT '{}',
  country_code TEXT NOT NULL DEFAULT 'RU',
  super_bonus TEXT,
  social_provider TEXT,
  social_subject TEXT,
  attribution JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR phone IS NOT NULL OR social_subject IS NOT NULL),
  UNIQUE (social_provider, social_subject)
);

-- Tokens are stored as SHA-256 hashes: a leaked table does not leak live sessions.
CREATE TABLE sessions (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  access_hash TEXT NOT NULL UNIQUE,
  refresh_hash TEXT NOT NULL UNIQUE,
  access_expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ,
  ended_reason TEXT
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time codes (log-in, contact verification, password reset), hashed, with attempts counted.
CREATE TABLE one_time_codes (
  id BIGSERIAL PRIMARY KEY,
  purpose TEXT NOT NULL,
  target TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INT NOT NULL DEFAULT 0,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX one_time_codes_target_idx ON one_time_codes (purpose, target);

-- Reset and link tokens (password reset link, reset token after a code confirm).
CREATE TABLE reset_tokens (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  purpose TEXT NOT NULL CHECK (purpose IN ('email_link', 'reset')),
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);

-- Social log-in attempts started by PUT /auth/login and finished by the provider popup.
CREATE TABLE social_logins (
  id BIGSERIAL PRIMARY KEY,
  state_hash TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  origin TEXT NOT NULL,
  params JSONB NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

-- E-mail and SMS messages; in sandbox mode this is the outbox players and tests read.
CREATE TABLE outbox (
  id BIGSERIAL PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  code TEXT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient);
