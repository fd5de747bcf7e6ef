-- Instant games (issue 13): the players' seed pairs, and the one-trip instant bet whose stake,
-- payout, bet row and nonce are ONE movement of the ledger's group commit (docs/games.md).

-- A player's seed pairs. The active pair decides every instant bet: its server seed (64 hex digits,
-- 32 random bytes; the HMAC key is this text) is shown only as its SHA-256 until the pair is
-- retired, and the next pair's server seed is drawn now so its hash can be shown before rotation.
-- Times are BIGINT epoch milliseconds of the server's clock.
CREATE TABLE seed_pairs (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id),
  server_seed TEXT NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash TEXT NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed TEXT NOT NULL CHECK (client_seed ~ '^[ -~]{1,64}$'),
  -- The nonce the next bet uses: bets made under this pair so far.
  nonce BIGINT NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  next_server_seed TEXT NOT NULL CHECK (next_server_seed ~ '^[0-9a-f]{64}$'),
  next_server_seed_hash TEXT NOT NULL CHECK (next_server_seed_hash ~ '^[0-9a-f]{64}$'),
  status TEXT NOT NULL CHECK (status IN ('active', 'retired')),
  created_at BIGINT NOT NULL,
  retired_at BIGINT,
  CHECK ((status = 'retired') = (retired_at IS NOT NULL))
);
-- One active pair per player.
CREATE UNIQUE INDEX seed_pairs_active ON seed_pairs (user_id) WHERE status = 'active';

-- Every settled instant bet of every instant game. A row exists only for a bet that moved money:
-- it is written by the same subtransaction as its ledger movement (instant_bet below).
CREATE TABLE instant_bets (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL CHECK (game ~ '^[a-z]{1,32}$'),
  user_id BIGINT NOT NULL REFERENCES users(id),
  client_key TEXT NOT NULL,
  -- The public name at the time of the bet, as the live tables showed it.
  player TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  params JSONB NOT NULL,
  outcome JSONB NOT NULL,
  -- payout / amount in ten-thousandths.
  multiplier BIGINT NOT NULL CHECK (multiplier >= 0),
  payout BIGINT NOT NULL CHECK (payout >= 0),
  seed_pair_id BIGINT NOT NULL REFERENCES seed_pairs(id),
  nonce BIGINT NOT NULL CHECK (nonce >= 0),
  -- The real balance right after the bet, for the ack a retry gets again.
  balance BIGINT NOT NULL CHECK (balance >= 0),
  transaction_id BIGINT NOT NULL REFERENCES ledger_transactions(id),
  created_at BIGINT NOT NULL,
  -- A retried bet (same client key) is the same bet, across reconnections and restarts.
  CONSTRAINT instant_bets_client_key UNIQUE (user_id, game, client_key),
  -- No two bets ever share a nonce of a pair.
  CONSTRAINT instant_bets_nonce UNIQUE (seed_pair_id, nonce)
);
CREATE INDEX instant_bets_history_idx ON instant_bets (user_id, created_at DESC, id COLLATE "C" DESC);

-- One instant bet: claims the idempotency key, claims the nonce the outcome was drawn from (the pair
-- must still be active at exactly that nonce, else 'nonce_stale' and the server draws again), moves
-- the stake to the house and the payout back in one balanced transaction, and writes the bet's row.
-- Any refusal (no funds, a stale nonce) rolls all of it back: no money, no nonce, no row.
-- p_bet: {id, game, user, key, player, amount, currency, params, outcome, multiplier, payout, pair,
-- nonce, at}. The result: {transactionId, betId, balances: {real, bonus, held}}.
CREATE FUNCTION instant_bet(p_key TEXT, p_hash TEXT, p_bet JSONB)
RETURNS TABLE (replayed BOOLEAN, result JSONB)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx_id BIGINT;
  tx_ctid TID;
  v_user BIGINT := (p_bet->>'user')::BIGINT;
  v_currency TEXT := p_bet->>'currency';
  v_amount BIGINT := (p_bet->>'amount')::BIGINT;
  v_payout BIGINT := (p_bet->>'payout')::BIGINT;
  real_id BIGINT;
  house_id BIGINT;
  real_balance BIGINT;
  bonus_balance BIGINT;
  held_balance BIGINT;
  res JSONB;
BEGIN
  IF current_setting('transaction_isolation') <> 'serializable' THEN
    PERFORM ledger_require_serializable();
  END IF;
  IF v_amount <= 0 OR v_payout < 0 THEN
    PERFORM ledger_refuse('invalid_amount', format('stake %s, payout %s', v_amount, v_payout));
  END IF;
  INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, user_id)
    VALUES ('instant', p_key, p_hash, v_user)
    ON CONFLICT ON CONSTRAINT ledger_transactions_idempotency DO NOTHING
    RETURNING id, ctid INTO tx_id, tx_ctid;
  IF tx_id IS NULL THEN
    RETURN QUERY SELECT true, ledger_replay(p_key, p_hash);
    RETURN;
  END IF;
  UPDATE seed_pairs SET nonce = nonce + 1
    WHERE id = (p_bet->>'pair')::BIGINT AND user_id = v_user AND status = 'active'
      AND nonce = (p_bet->>'nonce')::BIGINT;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('nonce_stale',
      format('seed pair %s is not active at nonce %s', p_bet->>'pair', p_bet->>'nonce'));
  END IF;
  SELECT max(id) FILTER (WHERE kind = 'user_real'),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_real'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_bonus'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_hold'), 0)
    INTO real_id, real_balance, bonus_balance, held_balance
    FROM ledger_accounts WHERE user_id = v_user AND currency = v_currency;
  IF real_balance < v_amount THEN
    PERFORM ledger_refuse('balance_not_enough',
      format('user %s cannot stake %s', v_user, v_amount));
  END IF;
  SELECT id INTO house_id FROM ledger_accounts
    WHERE kind = 'house' AND user_id IS NULL AND currency = v_currency;
  IF house_id IS NULL THEN
    house_id := ledger_account('house', NULL, v_currency);
  END IF;
  -- The stake and the payout as their own legs, so the postings read as the bet did.
  IF v_payout > 0 THEN
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
      VALUES (tx_id, real_id, v_currency, -v_amount), (tx_id, house_id, v_currency, v_amount),
        (tx_id, house_id, v_currency, -v_payout), (tx_id, real_id, v_currency, v_payout);
  ELSE
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount)
      VALUES (tx_id, real_id, v_currency, -v_amount), (tx_id, house_id, v_currency, v_amount);
  END IF;
  real_balance := real_balance - v_amount + v_payout;
  INSERT INTO instant_bets (id, game, user_id, client_key, player, amount, currency, params,
      outcome, multiplier, payout, seed_pair_id, nonce, balance, transaction_id, created_at)
    VALUES (p_bet->>'id', p_bet->>'game', v_user, p_bet->>'key', p_bet->>'player', v_amount,
      v_currency, p_bet->'params', p_bet->'outcome', (p_bet->>'multiplier')::BIGINT, v_payout,
      (p_bet->>'pair')::BIGINT, (p_bet->>'nonce')::BIGINT, real_balance, tx_id,
      (p_bet->>'at')::BIGINT);
  res := jsonb_build_object('transactionId', tx_id, 'betId', p_bet->>'id',
    'balances', jsonb_build_object('real', real_balance, 'bonus', bonus_balance,
      'held', held_balance));
  UPDATE ledger_transactions SET result = res WHERE ctid = tx_ctid;
  RETURN QUERY SELECT false, res;
END
$$;

-- The group commit's batch (migration 011) learns the instant bet: f = 'instant', a = [bet JSON].
CREATE OR REPLACE FUNCTION ledger_apply_batch(p_ops JSONB) RETURNS TABLE (
  ord INT, replayed BOOLEAN, result JSONB,
  error_state TEXT, error_constraint TEXT, error_message TEXT
) LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  op JSONB;
  a JSONB;
  i BIGINT;
  outcome RECORD;
  failed_state TEXT;
  failed_constraint TEXT;
  failed_message TEXT;
BEGIN
  IF current_setting('transaction_isolation') <> 'serializable' THEN
    PERFORM ledger_require_serializable();
  END IF;
  IF jsonb_typeof(p_ops) <> 'array' OR jsonb_array_length(p_ops) > 32 THEN
    RAISE EXCEPTION 'ledger: a batch is a JSON array of at most 32 movements'
      USING ERRCODE = '22023';
  END IF;
  FOR op, i IN SELECT e.value, e.n FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS e(value, n)
      ORDER BY e.n LOOP
    a := op->'a';
    BEGIN
      CASE op->>'f'
        WHEN 'hold' THEN
          SELECT * INTO STRICT outcome FROM ledger_hold(op->>'k', op->>'h',
            (a->>0)::BIGINT, a->>1, (a->>2)::BIGINT, a->>3);
        WHEN 'close' THEN
          SELECT * INTO STRICT outcome FROM ledger_close(op->>'k', op->>'h',
            (a->>0)::BIGINT, a->>1, (a->>2)::BIGINT);
        WHEN 'deposit' THEN
          SELECT * INTO STRICT outcome FROM ledger_deposit(op->>'k', op->>'h',
            (a->>0)::BIGINT, a->>1, (a->>2)::BIGINT);
        WHEN 'bonus' THEN
          SELECT * INTO STRICT outcome FROM ledger_grant_bonus(op->>'k', op->>'h',
            (a->>0)::BIGINT, a->>1, (a->>2)::BIGINT);
        WHEN 'instant' THEN
          SELECT * INTO STRICT outcome FROM instant_bet(op->>'k', op->>'h', (a->>0)::JSONB);
        ELSE
          RAISE EXCEPTION 'ledger: unknown batch movement "%"', op->>'f' USING ERRCODE = '22023';
      END CASE;
      ord := i;
      replayed := outcome.replayed;
      result := outcome.result;
      error_state := NULL;
      error_constraint := NULL;
      error_message := NULL;
      RETURN NEXT;
    EXCEPTION
      WHEN serialization_failure OR deadlock_detected THEN
        RAISE;
      WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS failed_state = RETURNED_SQLSTATE,
          failed_constraint = CONSTRAINT_NAME, failed_message = MESSAGE_TEXT;
        IF failed_state = '23505' AND failed_constraint = 'ledger_transactions_idempotency' THEN
          RAISE;
        END IF;
        ord := i;
        replayed := NULL;
        result := NULL;
        error_state := failed_state;
        error_constraint := NULLIF(failed_constraint, '');
        error_message := failed_message;
        RETURN NEXT;
    END;
  END LOOP;
END
$$;
