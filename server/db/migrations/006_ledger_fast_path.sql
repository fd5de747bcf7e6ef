-- The ledger's money movements, made cheaper per call without weakening any guarantee (issue #6,
-- measured with `npm run bench -- ledger`; the figures are in docs/api.md "Ledger").
--
-- 1. One statement trigger instead of a row trigger per posting plus a statement trigger: it
--    checks that the statement's postings balance per (transaction, currency) and moves each player
--    account's stored balance by the sum of its postings (the overdraft CHECK still guards it). Counterparties keep no stored balance (migration 004).
--    That a posting's currency is its account's is now checked by the posting's foreign key.
-- 2. The movement functions (same names, arguments and results as in 005) do their work inline:
--    no nested calls to ledger_claim / ledger_account / ledger_post / ledger_finish, one read of
--    the player's accounts, and the balances after the movement are that read plus the movement's
--    own deltas instead of a second read. Under SERIALIZABLE that is exact: the trigger's UPDATE of
--    a row changed since our snapshot fails with 40001 (and is retried), so a committed movement
--    moved the very balances it read.
-- 3. Every movement refuses to run outside SERIALIZABLE, so the one-message call PGlite uses
--    (server/db: SET TRANSACTION ISOLATION LEVEL SERIALIZABLE; SELECT fn(...) as one implicit
--    transaction) cannot silently lose its isolation.
-- 4. Hot updates: the status of a hold and the result of a transaction are written right after
--    their row is inserted. With status out of ledger_holds' user index and free space left on the
--    pages, those updates are HOT (no new index entries), which is less work and, on PostgreSQL,
--    fewer index pages that serializable transactions see each other write.

DROP TRIGGER ledger_postings_apply ON ledger_postings;
DROP TRIGGER ledger_postings_balanced ON ledger_postings;
DROP FUNCTION ledger_apply_posting();
DROP FUNCTION ledger_check_statement_balanced();

-- A posting's currency is its account's: checked by the foreign key itself, which each posting
-- already paid for (it replaces the key on account_id alone), instead of by a read in a trigger.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency);
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_account_currency_fkey
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency);
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_id_fkey;

-- The statement's postings must balance per (transaction, currency); then each player account's
-- balance moves by the sum of its postings, one UPDATE by primary key per account (an UPDATE ...
-- FROM joined with the transition table could be planned as a join reading every account, a read
-- that SERIALIZABLE would set against every concurrent bet).
CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad RECORD;
  leg RECORD;
BEGIN
  SELECT transaction_id, currency, SUM(amount) AS total INTO bad FROM ledger_new_postings
    GROUP BY transaction_id, currency HAVING SUM(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: transaction % is unbalanced in % by %',
      bad.transaction_id, bad.currency, bad.total USING ERRCODE = '23514';
  END IF;
  FOR leg IN SELECT account_id, SUM(amount) AS delta FROM ledger_new_postings
      GROUP BY account_id ORDER BY account_id LOOP
    UPDATE ledger_accounts SET balance = balance + leg.delta
      WHERE id = leg.account_id AND NOT allow_negative;
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS ledger_new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

-- 4. (see above)
DROP INDEX ledger_holds_user_idx;
CREATE INDEX ledger_holds_user_idx ON ledger_holds (user_id);
ALTER TABLE ledger_holds SET (fillfactor = 70);
ALTER TABLE ledger_transactions SET (fillfactor = 70);

-- The first result stored under a key whose claim found it taken; a key reused with other
-- parameters is refused.
CREATE FUNCTION ledger_replay(p_key TEXT, p_hash TEXT) RETURNS JSONB
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  stored_hash TEXT;
  stored JSONB;
BEGIN
  SELECT request_hash, result INTO stored_hash, stored FROM ledger_transactions
    WHERE idempotency_key = p_key;
  IF stored_hash IS DISTINCT FROM p_hash THEN
    PERFORM ledger_refuse('idempotency_key_reused',
      format('idempotency key "%s" was already used with other parameters', p_key));
  END IF;
  RETURN stored;
END
$$;

-- Refuses to move money outside SERIALIZABLE (see 3. above).
CREATE FUNCTION ledger_require_serializable() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'serializable' THEN
    RAISE EXCEPTION 'ledger: money moves only in SERIALIZABLE transactions, not %',
      current_setting('transaction_isolation') USING ERRCODE = '25001';
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION ledger_credit(
  p_kind TEXT, p_from TEXT, p_to TEXT,
  p_key TEXT, p_hash TEXT, p_user BIGINT, p_currency TEXT, p_amount BIGINT
) RETURNS TABLE (replayed BOOLEAN, result JSONB)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx_id BIGINT;
  tx_ctid TID;
  from_id BIGINT;
  to_id BIGINT;
  real_balance BIGINT;
  bonus_balance BIGINT;
  held_balance BIGINT;
  res JSONB;
BEGIN
  IF current_setting('transaction_isolation') <> 'serializable' THEN
    PERFORM ledger_require_serializable();
  END IF;
  INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, user_id)
    VALUES (p_kind, p_key, p_hash, p_user)
    ON CONFLICT ON CONSTRAINT ledger_transactions_idempotency DO NOTHING
    RETURNING id, ctid INTO tx_id, tx_ctid;
  IF tx_id IS NULL THEN
    RETURN QUERY SELECT true, ledger_replay(p_key, p_hash);
    RETURN;
  END IF;
  SELECT id INTO from_id FROM ledger_accounts
    WHERE kind = p_from AND user_id IS NULL AND currency = p_currency;
  IF from_id IS NULL THEN
    from_id := ledger_account(p_from, NULL, p_currency);
  END IF;
  SELECT max(id) FILTER (WHERE kind = p_to),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_real'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_bonus'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_hold'), 0)
    INTO to_id, real_balance, bonus_balance, held_balance
    FROM ledger_accounts WHERE user_id = p_user AND currency = p_currency;
  IF to_id IS NULL THEN
    to_id := ledger_account(p_to, p_user, p_currency);
  END IF;
  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
    VALUES (tx_id, from_id, p_currency, -p_amount), (tx_id, to_id, p_currency, p_amount);
  IF p_to = 'user_real' THEN
    real_balance := real_balance + p_amount;
  ELSE
    bonus_balance := bonus_balance + p_amount;
  END IF;
  res := jsonb_build_object('transactionId', tx_id, 'balances', jsonb_build_object(
    'real', real_balance, 'bonus', bonus_balance, 'held', held_balance));
  UPDATE ledger_transactions SET result = res WHERE ctid = tx_ctid;
  RETURN QUERY SELECT false, res;
END
$$;

CREATE OR REPLACE FUNCTION ledger_hold(
  p_key TEXT, p_hash TEXT, p_user BIGINT, p_currency TEXT, p_amount BIGINT, p_reference TEXT
) RETURNS TABLE (replayed BOOLEAN, result JSONB)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx_id BIGINT;
  tx_ctid TID;
  real_id BIGINT;
  held_id BIGINT;
  real_balance BIGINT;
  bonus_balance BIGINT;
  held_balance BIGINT;
  new_hold BIGINT;
  res JSONB;
BEGIN
  IF current_setting('transaction_isolation') <> 'serializable' THEN
    PERFORM ledger_require_serializable();
  END IF;
  INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, user_id)
    VALUES ('hold', p_key, p_hash, p_user)
    ON CONFLICT ON CONSTRAINT ledger_transactions_idempotency DO NOTHING
    RETURNING id, ctid INTO tx_id, tx_ctid;
  IF tx_id IS NULL THEN
    RETURN QUERY SELECT true, ledger_replay(p_key, p_hash);
    RETURN;
  END IF;
  -- No FOR UPDATE: a concurrent change of the real account makes the trigger's UPDATE of it a
  -- serialization failure, retried.
  SELECT max(id) FILTER (WHERE kind = 'user_real'), max(id) FILTER (WHERE kind = 'user_hold'),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_real'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_bonus'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_hold'), 0)
    INTO real_id, held_id, real_balance, bonus_balance, held_balance
    FROM ledger_accounts WHERE user_id = p_user AND currency = p_currency;
  -- A clear refusal before the overdraft CHECK would fire.
  IF real_balance < p_amount THEN
    PERFORM ledger_refuse('balance_not_enough',
      format('user %s cannot stake %s', p_user, p_amount));
  END IF;
  IF held_id IS NULL THEN
    held_id := ledger_account('user_hold', p_user, p_currency);
  END IF;
  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
    VALUES (tx_id, real_id, p_currency, -p_amount), (tx_id, held_id, p_currency, p_amount);
  INSERT INTO ledger_holds (user_id, currency, amount, reference, hold_transaction_id)
    VALUES (p_user, p_currency, p_amount, p_reference, tx_id) RETURNING id INTO new_hold;
  res := jsonb_build_object('transactionId', tx_id, 'holdId', new_hold,
    'balances', jsonb_build_object('real', real_balance - p_amount, 'bonus', bonus_balance,
      'held', held_balance + p_amount));
  UPDATE ledger_transactions SET result = res WHERE ctid = tx_ctid;
  RETURN QUERY SELECT false, res;
END
$$;

CREATE OR REPLACE FUNCTION ledger_close(
  p_key TEXT, p_hash TEXT, p_hold BIGINT, p_status TEXT, p_payout BIGINT
) RETURNS TABLE (replayed BOOLEAN, result JSONB)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx_id BIGINT;
  tx_ctid TID;
  hold RECORD;
  current_status TEXT;
  real_id BIGINT;
  held_id BIGINT;
  house_id BIGINT;
  real_balance BIGINT;
  bonus_balance BIGINT;
  held_balance BIGINT;
  res JSONB;
BEGIN
  IF current_setting('transaction_isolation') <> 'serializable' THEN
    PERFORM ledger_require_serializable();
  END IF;
  INSERT INTO ledger_transactions (kind, idempotency_key, request_hash)
    VALUES (CASE WHEN p_status = 'refunded' THEN 'refund' ELSE 'settle' END, p_key, p_hash)
    ON CONFLICT ON CONSTRAINT ledger_transactions_idempotency DO NOTHING
    RETURNING id, ctid INTO tx_id, tx_ctid;
  IF tx_id IS NULL THEN
    RETURN QUERY SELECT true, ledger_replay(p_key, p_hash);
    RETURN;
  END IF;
  -- The once-only gate: only an open hold is closed.
  UPDATE ledger_holds SET status = p_status, payout = p_payout, close_transaction_id = tx_id
    WHERE id = p_hold AND status = 'open' RETURNING user_id, currency, amount INTO hold;
  IF NOT FOUND THEN
    SELECT status INTO current_status FROM ledger_holds WHERE id = p_hold;
    IF current_status IS NULL THEN
      PERFORM ledger_refuse('hold_not_found', format('hold %s does not exist', p_hold));
    END IF;
    PERFORM ledger_refuse('hold_closed', format('hold %s is already %s', p_hold, current_status));
  END IF;
  SELECT max(id) FILTER (WHERE kind = 'user_real'), max(id) FILTER (WHERE kind = 'user_hold'),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_real'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_bonus'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_hold'), 0)
    INTO real_id, held_id, real_balance, bonus_balance, held_balance
    FROM ledger_accounts WHERE user_id = hold.user_id AND currency = hold.currency;
  IF p_status = 'refunded' THEN
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
      VALUES (tx_id, held_id, hold.currency, -hold.amount),
        (tx_id, real_id, hold.currency, hold.amount);
    real_balance := real_balance + hold.amount;
  ELSE
    SELECT id INTO house_id FROM ledger_accounts
      WHERE kind = 'house' AND user_id IS NULL AND currency = hold.currency;
    IF house_id IS NULL THEN
      house_id := ledger_account('house', NULL, hold.currency);
    END IF;
    IF p_payout > 0 THEN
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
        VALUES (tx_id, held_id, hold.currency, -hold.amount),
          (tx_id, house_id, hold.currency, hold.amount),
          (tx_id, house_id, hold.currency, -p_payout),
          (tx_id, real_id, hold.currency, p_payout);
      real_balance := real_balance + p_payout;
    ELSE
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
        VALUES (tx_id, held_id, hold.currency, -hold.amount),
          (tx_id, house_id, hold.currency, hold.amount);
    END IF;
  END IF;
  res := jsonb_build_object('transactionId', tx_id, 'holdId', p_hold,
    'status', p_status, 'payout', p_payout,
    'balances', jsonb_build_object('real', real_balance, 'bonus', bonus_balance,
      'held', held_balance - hold.amount));
  UPDATE ledger_transactions SET result = res, user_id = hold.user_id WHERE ctid = tx_ctid;
  RETURN QUERY SELECT false, res;
END
$$;
