-- Double-entry ledger in integer minor units. Balances are maintained by a trigger from the
-- postings, and the database itself refuses an overdraft and an unbalanced transaction.
CREATE TABLE ledger_accounts (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('user_real', 'user_bonus', 'user_hold', 'house', 'payment_provider', 'bonus_pool')),
  user_id BIGINT REFERENCES users(id),
  currency TEXT NOT NULL CHECK (currency IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')),
  balance BIGINT NOT NULL DEFAULT 0,
  -- Only the house, provider and bonus pool are counterparties that may go below zero.
  allow_negative BOOLEAN NOT NULL DEFAULT false,
  CONSTRAINT ledger_accounts_no_overdraft CHECK (allow_negative OR balance >= 0),
  CONSTRAINT ledger_accounts_owner CHECK ((kind LIKE 'user_%') = (user_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_negative_only_house CHECK (NOT allow_negative OR kind NOT LIKE 'user_%'),
  CONSTRAINT ledger_accounts_unique UNIQUE NULLS NOT DISTINCT (kind, user_id, currency)
);

CREATE TABLE ledger_transactions (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  -- Hash of the request parameters: the same key with other parameters is refused.
  request_hash TEXT NOT NULL,
  user_id BIGINT REFERENCES users(id),
  result JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transactions_idempotency UNIQUE (idempotency_key)
);

CREATE TABLE ledger_postings (
  id BIGSERIAL PRIMARY KEY,
  transaction_id BIGINT NOT NULL REFERENCES ledger_transactions(id),
  account_id BIGINT NOT NULL REFERENCES ledger_accounts(id),
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_postings_tx_idx ON ledger_postings (transaction_id);
CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id);

-- Each posting moves its account's balance; the CHECK above then refuses an overdraft.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_currency TEXT;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount
    WHERE id = NEW.account_id RETURNING currency INTO account_currency;
  IF account_currency IS DISTINCT FROM NEW.currency THEN
    RAISE EXCEPTION 'ledger: posting currency % does not match account % currency %',
      NEW.currency, NEW.account_id, account_currency USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();

-- Checked at COMMIT, once every posting of the transaction is in: each currency sums to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced RECORD;
BEGIN
  SELECT currency, SUM(amount) AS total INTO unbalanced FROM ledger_postings
    WHERE transaction_id = NEW.transaction_id GROUP BY currency HAVING SUM(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: transaction % is unbalanced in % by %',
      NEW.transaction_id, unbalanced.currency, unbalanced.total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

-- Postings and balances change only by new postings: history is append-only.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END
$$;
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- Open bets: money moved from the player's real account to their hold account until settled.
CREATE TABLE ledger_holds (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  reference TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'refunded')),
  payout BIGINT CHECK (payout >= 0),
  hold_transaction_id BIGINT NOT NULL REFERENCES ledger_transactions(id),
  close_transaction_id BIGINT REFERENCES ledger_transactions(id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_holds_user_idx ON ledger_holds (user_id, status);
