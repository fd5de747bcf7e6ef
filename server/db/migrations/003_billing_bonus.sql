-- Deposit methods, invoices, promo bonuses, welcome packs and free spins.
CREATE TABLE payment_methods (
  hash TEXT PRIMARY KEY,
  name_en TEXT NOT NULL,
  name_ru TEXT,
  name_kz TEXT,
  currency TEXT NOT NULL,
  exchange_currency TEXT NOT NULL,
  min_amount BIGINT NOT NULL CHECK (min_amount > 0),
  max_amount BIGINT NOT NULL CHECK (max_amount >= min_amount),
  -- Commission in basis points of the amount, paid by the player.
  commission_bp INT NOT NULL DEFAULT 0 CHECK (commission_bp BETWEEN 0 AND 10000),
  card_number TEXT,
  phone_number TEXT,
  sort INT NOT NULL DEFAULT 0
);

CREATE TABLE invoices (
  id UUID PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  method_hash TEXT NOT NULL REFERENCES payment_methods(hash),
  amount BIGINT NOT NULL CHECK (amount > 0),
  commission BIGINT NOT NULL CHECK (commission >= 0),
  currency TEXT NOT NULL,
  status SMALLINT NOT NULL CHECK (status BETWEEN 1 AND 5),
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  paid_at TIMESTAMPTZ,
  ledger_transaction_id BIGINT REFERENCES ledger_transactions(id),
  CONSTRAINT invoices_idempotency UNIQUE (user_id, idempotency_key)
);

CREATE TABLE bonuses (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  public_title TEXT NOT NULL,
  region TEXT CHECK (region IN ('RU', 'KZ')),
  type TEXT NOT NULL CHECK (type IN ('deposit_percent', 'free_spins', 'fixed')),
  value BIGINT NOT NULL CHECK (value >= 0),
  expires_at TIMESTAMPTZ NOT NULL
);

-- A promo attached to a player, waiting for registration and a first deposit.
CREATE TABLE user_bonuses (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  bonus_code TEXT NOT NULL REFERENCES bonuses(code),
  status TEXT NOT NULL CHECK (status IN ('waiting', 'active', 'used', 'expired')),
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, bonus_code)
);

CREATE TABLE welcome_packs (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  lifetime_s INT NOT NULL,
  steps JSONB NOT NULL,
  active BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE free_spin_campaigns (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  game_id TEXT NOT NULL,
  game_name TEXT NOT NULL,
  spins INT NOT NULL CHECK (spins >= 0),
  bet BIGINT NOT NULL CHECK (bet >= 0),
  currency TEXT NOT NULL,
  expiration_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE free_spins (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  campaign_id BIGINT NOT NULL REFERENCES free_spin_campaigns(id),
  count INT NOT NULL CHECK (count >= 0),
  status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'used')),
  UNIQUE (user_id, campaign_id)
);

-- Attribution and marketing events (attachSource, utm, ip, page opens, vip requests).
CREATE TABLE marketing_events (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  user_id BIGINT REFERENCES users(id),
  data JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
