-- Seamless wallet (issue 34, server/wallet, docs/providers.md): the calls a game provider makes
-- to move a player's money (debit a stake, credit a win, roll back a debit), each answered
-- idempotently by the provider's transaction id. Every rule that must hold across processes is
-- kept here: the (provider, transaction id) key is UNIQUE, and one call is one SERIALIZABLE
-- function call (wallet_call) that claims its key, checks its owner and moves the money, or
-- raises a refusal (SQLSTATE TW001, "<CODE>: <text>") that writes nothing.

-- Providers come from the WALLET_PROVIDERS setting, written here at start (server/wallet/
-- providers.ts); one left out of the setting is disabled, never deleted, so its history stays.
CREATE TABLE wallet_providers (
  id TEXT PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name TEXT NOT NULL,
  -- HMAC-SHA256 key of the provider's signatures: the server must sign and check with it, so it
  -- is kept as given, not hashed.
  secret TEXT NOT NULL CHECK (length(secret) >= 16),
  enabled BOOLEAN NOT NULL DEFAULT true
);

-- Launch tokens: a game opened for a player by a provider. Only the token's SHA-256 is stored.
CREATE TABLE wallet_sessions (
  token_hash TEXT PRIMARY KEY,
  provider_id TEXT NOT NULL REFERENCES wallet_providers(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  game_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);

-- One row per provider transaction id: the call that used it, and the answer it got, replayed
-- as is. A rollback of a debit that never arrived writes a 'cancelled' debit row under the
-- debit's id, so the debit, arriving late, finds its id taken and is refused.
CREATE TABLE wallet_transactions (
  id BIGSERIAL PRIMARY KEY,
  provider_id TEXT NOT NULL REFERENCES wallet_providers(id),
  provider_tx_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
  -- applied: done (a debit may later be rolled_back); cancelled: a debit rolled back before it
  -- arrived (the marker above, which moved nothing).
  status TEXT NOT NULL CHECK (status IN ('applied', 'rolled_back', 'cancelled')),
  user_id BIGINT NOT NULL REFERENCES users(id),
  currency TEXT NOT NULL,
  round_id TEXT,
  amount BIGINT NOT NULL CHECK (amount >= 0),
  -- A rollback's target: the provider transaction id it rolls back.
  reference_tx_id TEXT,
  -- Hash of the call's fields (server/wallet/store.ts): the same id with other fields is refused.
  request_hash TEXT NOT NULL,
  -- The ledger movement; NULL when the call moved nothing (a zero win, a marker, a repeat).
  ledger_transaction_id BIGINT REFERENCES ledger_transactions(id) DEFERRABLE INITIALLY DEFERRED,
  answer JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT wallet_transactions_provider_tx UNIQUE (provider_id, provider_tx_id),
  CONSTRAINT wallet_transactions_cancelled_debit CHECK (status <> 'cancelled' OR kind = 'debit'),
  CONSTRAINT wallet_transactions_rollback_reference
    CHECK ((kind = 'rollback') = (reference_tx_id IS NOT NULL))
);
-- A credit looks up its round's debits by this index (wallet_call runs with seqscan off).
CREATE INDEX wallet_transactions_round_idx
  ON wallet_transactions (provider_id, round_id, user_id) WHERE kind = 'debit';
-- The status and answer are written right after the row is inserted: keep that update HOT.
ALTER TABLE wallet_transactions SET (fillfactor = 70);

-- An expected refusal: SQLSTATE TW001, message "<CODE>: <text>" (server/wallet/errors.ts).
CREATE FUNCTION wallet_refuse(code TEXT, message TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%: %', code, message USING ERRCODE = 'TW001';
END
$$;

-- Moves `p_delta` between the player's real account and the house (positive: to the player) as
-- one balanced ledger transaction under `p_key`, and answers the real balance after it. Zero
-- moves nothing and answers the balance. The player's balance is read without FOR UPDATE, as in
-- ledger_hold: under SERIALIZABLE a concurrent change of that row makes our posting's UPDATE of it
-- a serialization failure (retried), and the overdraft CHECK stands behind the refusal below.
CREATE FUNCTION wallet_move(
  p_kind TEXT, p_key TEXT, p_hash TEXT, p_user BIGINT, p_currency TEXT, p_delta BIGINT,
  OUT ledger_tx BIGINT, OUT balance BIGINT
) LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx_ctid TID;
  real_id BIGINT;
  bonus_balance BIGINT;
  held_balance BIGINT;
BEGIN
  PERFORM ledger_require_serializable();
  SELECT max(id) FILTER (WHERE kind = 'user_real'),
      COALESCE(max(a.balance) FILTER (WHERE kind = 'user_real'), 0),
      COALESCE(max(a.balance) FILTER (WHERE kind = 'user_bonus'), 0),
      COALESCE(max(a.balance) FILTER (WHERE kind = 'user_hold'), 0)
    INTO real_id, balance, bonus_balance, held_balance
    FROM ledger_accounts a WHERE user_id = p_user AND currency = p_currency;
  IF p_delta = 0 THEN
    RETURN;
  END IF;
  IF balance + p_delta < 0 THEN
    PERFORM wallet_refuse('INSUFFICIENT_FUNDS',
      format('player %s has %s, the debit is %s', p_user, balance, -p_delta));
  END IF;
  -- A plain INSERT: the wallet row's UNIQUE key already admits one movement per call, so a taken
  -- ledger key here would be a bug, and it fails loudly.
  INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, user_id)
    VALUES (p_kind, p_key, p_hash, p_user) RETURNING id, ctid INTO ledger_tx, tx_ctid;
  IF real_id IS NULL THEN
    real_id := ledger_account('user_real', p_user, p_currency);
  END IF;
  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
    VALUES (ledger_tx, real_id, p_currency, p_delta),
      (ledger_tx, ledger_account('house', NULL, p_currency), p_currency, -p_delta);
  balance := balance + p_delta;
  UPDATE ledger_transactions SET result = jsonb_build_object('transactionId', ledger_tx,
      'balances', jsonb_build_object('real', balance, 'bonus', bonus_balance, 'held', held_balance))
    WHERE ctid = tx_ctid;
END
$$;

-- The player named by a call, refused when unknown or when the call's currency is not theirs.
CREATE FUNCTION wallet_player(p_user BIGINT, p_currency TEXT) RETURNS void
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  player_currency TEXT;
BEGIN
  SELECT currency INTO player_currency FROM users WHERE id = p_user;
  IF player_currency IS NULL THEN
    PERFORM wallet_refuse('UNKNOWN_PLAYER', format('no player %s', p_user));
  END IF;
  IF player_currency <> p_currency THEN
    PERFORM wallet_refuse('CURRENCY_MISMATCH',
      format('player %s plays in %s, not %s', p_user, player_currency, p_currency));
  END IF;
END
$$;

-- One money call of a provider: p_kind 'debit' | 'credit' | 'rollback', p_call the parsed body
-- (playerId, currency, transactionId, roundId, amount; a debit's tokenHash and gameId; a
-- rollback's referenceTransactionId), p_hash the hash of its fields, p_now the server's clock.
-- Answers the first answer stored under (provider, transactionId) when the call is a replay.
CREATE FUNCTION wallet_call(
  p_provider TEXT, p_kind TEXT, p_hash TEXT, p_call JSONB, p_now TIMESTAMPTZ
) RETURNS TABLE (replayed BOOLEAN, answer JSONB)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_user BIGINT := (p_call->>'playerId')::BIGINT;
  v_currency TEXT := p_call->>'currency';
  v_tx TEXT := p_call->>'transactionId';
  v_round TEXT := p_call->>'roundId';
  v_amount BIGINT := COALESCE((p_call->>'amount')::BIGINT, 0);
  v_reference TEXT := p_call->>'referenceTransactionId';
  v_key TEXT := format('wallet:%s:%s', p_provider, v_tx);
  row_id BIGINT;
  row_ctid TID;
  stored RECORD;
  launch RECORD;
  target RECORD;
  moved RECORD;
  res JSONB;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM wallet_providers WHERE id = p_provider AND enabled) THEN
    PERFORM wallet_refuse('UNKNOWN_PROVIDER', format('no provider "%s"', p_provider));
  END IF;
  PERFORM wallet_player(v_user, v_currency);
  -- Claim the id. Under SERIALIZABLE, the same id claimed by a concurrent call that commits first
  -- fails this one with 40001; its retry then finds the row and replays it.
  INSERT INTO wallet_transactions (provider_id, provider_tx_id, kind, status, user_id, currency,
      round_id, amount, reference_tx_id, request_hash)
    VALUES (p_provider, v_tx, p_kind, 'applied', v_user, v_currency, v_round, v_amount,
      v_reference, p_hash)
    ON CONFLICT ON CONSTRAINT wallet_transactions_provider_tx DO NOTHING
    RETURNING id, ctid INTO row_id, row_ctid;
  IF row_id IS NULL THEN
    SELECT w.status, w.request_hash, w.answer INTO stored FROM wallet_transactions w
      WHERE provider_id = p_provider AND provider_tx_id = v_tx;
    IF stored.status = 'cancelled' THEN
      PERFORM wallet_refuse('TX_ROLLED_BACK',
        format('transaction "%s" was rolled back before it arrived', v_tx));
    END IF;
    IF stored.request_hash <> p_hash THEN
      PERFORM wallet_refuse('TX_MISMATCH',
        format('transaction "%s" was already used with other fields', v_tx));
    END IF;
    RETURN QUERY SELECT true, stored.answer;
    RETURN;
  END IF;

  IF p_kind = 'debit' THEN
    SELECT s.user_id, s.currency, s.game_id, s.expires_at INTO launch FROM wallet_sessions s
      WHERE token_hash = p_call->>'tokenHash' AND provider_id = p_provider;
    IF NOT FOUND THEN
      PERFORM wallet_refuse('INVALID_TOKEN', 'no launch token of this provider');
    END IF;
    IF launch.expires_at <= p_now THEN
      PERFORM wallet_refuse('TOKEN_EXPIRED', 'the launch token has expired');
    END IF;
    IF launch.user_id <> v_user OR launch.game_id <> p_call->>'gameId' THEN
      PERFORM wallet_refuse('PLAYER_MISMATCH', 'the launch token is for another player or game');
    END IF;
    SELECT * INTO moved
      FROM wallet_move('wallet_debit', v_key, p_hash, v_user, v_currency, -v_amount);

  ELSIF p_kind = 'credit' THEN
    -- A win pays only into a round this player staked in with this provider, still standing.
    IF NOT EXISTS (SELECT 1 FROM wallet_transactions w
        WHERE provider_id = p_provider AND round_id = v_round AND user_id = v_user
          AND kind = 'debit' AND status = 'applied' AND currency = v_currency) THEN
      PERFORM wallet_refuse('UNKNOWN_ROUND',
        format('round "%s" has no standing debit of player %s', v_round, v_user));
    END IF;
    SELECT * INTO moved
      FROM wallet_move('wallet_credit', v_key, p_hash, v_user, v_currency, v_amount);

  ELSIF p_kind = 'rollback' THEN
    SELECT w.id, w.kind, w.status, w.user_id, w.currency, w.amount INTO target
      FROM wallet_transactions w
      WHERE provider_id = p_provider AND provider_tx_id = v_reference FOR UPDATE;
    IF NOT FOUND THEN
      -- Rolled back before it arrived: the marker takes the debit's id for good.
      INSERT INTO wallet_transactions (provider_id, provider_tx_id, kind, status, user_id,
          currency, round_id, amount, request_hash)
        VALUES (p_provider, v_reference, 'debit', 'cancelled', v_user, v_currency, v_round, 0, '');
      SELECT * INTO moved FROM wallet_move('wallet_rollback', v_key, p_hash, v_user, v_currency, 0);
    ELSIF target.kind <> 'debit' THEN
      PERFORM wallet_refuse('INVALID_ROLLBACK',
        format('transaction "%s" is a %s; only debits are rolled back', v_reference, target.kind));
    ELSIF target.user_id <> v_user OR target.currency <> v_currency THEN
      PERFORM wallet_refuse('PLAYER_MISMATCH',
        format('transaction "%s" is another player''s or currency''s', v_reference));
    ELSIF target.status = 'applied' THEN
      -- The once-only gate: the debit's stake comes back with the first rollback only.
      UPDATE wallet_transactions SET status = 'rolled_back' WHERE id = target.id;
      SELECT * INTO moved FROM wallet_move('wallet_rollback', v_key, p_hash, v_user, v_currency,
        target.amount);
    ELSE
      -- Already rolled back (or cancelled) by another rollback id: nothing left to return.
      SELECT * INTO moved FROM wallet_move('wallet_rollback', v_key, p_hash, v_user, v_currency, 0);
    END IF;

  ELSE
    RAISE EXCEPTION 'wallet: unknown call kind %', p_kind;
  END IF;

  res := jsonb_build_object('status', 'OK', 'playerId', v_user::TEXT, 'currency', v_currency,
    'balance', moved.balance, 'transactionId', row_id::TEXT);
  UPDATE wallet_transactions SET ledger_transaction_id = moved.ledger_tx, answer = res
    WHERE ctid = row_ctid;
  RETURN QUERY SELECT false, res;
END
$$;
