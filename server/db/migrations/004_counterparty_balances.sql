-- Counterparty accounts (house, payment provider, bonus pool) take part in nearly every bet. A
-- stored balance on them would be one row that every concurrent settlement updates, and under
-- SERIALIZABLE that row turns concurrency into serialization failures. So only player accounts,
-- which the overdraft CHECK guards, keep a stored balance; a counterparty's balance is the sum of
-- its postings (view ledger_balances), and its stored column stays 0.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_currency TEXT;
  counterparty BOOLEAN;
BEGIN
  SELECT currency, allow_negative INTO account_currency, counterparty
    FROM ledger_accounts WHERE id = NEW.account_id;
  IF account_currency IS DISTINCT FROM NEW.currency THEN
    RAISE EXCEPTION 'ledger: posting currency % does not match account % currency %',
      NEW.currency, NEW.account_id, account_currency USING ERRCODE = '23514';
  END IF;
  IF NOT counterparty THEN
    UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  END IF;
  RETURN NEW;
END
$$;

UPDATE ledger_accounts SET balance = 0 WHERE allow_negative;

CREATE VIEW ledger_balances AS
  SELECT a.id, a.kind, a.user_id, a.currency,
    CASE WHEN a.allow_negative
      THEN COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)
      ELSE a.balance
    END AS balance
  FROM ledger_accounts a;

-- Player balances are read by (user, currency) on every bet and profile call.
CREATE INDEX ledger_accounts_user_idx ON ledger_accounts (user_id, currency);
