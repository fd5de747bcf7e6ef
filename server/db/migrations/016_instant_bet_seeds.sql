-- Every instant bet keeps the seeds it was drawn with (issue 30, item 8). A player may change the
-- client seed in the middle of a seed pair (PUT /api/games/seeds updates the active pair in place),
-- and the proof read the pair's client seed at the time of asking: the earlier bets of that pair
-- then showed the new client seed and no longer verified. The server seed cannot change within a
-- pair (its hash is committed), so the bet's pair (seed_pair_id) fixes the server seed and its
-- hash; the client seed is now the bet's own column, written by the bet's movement.
--
-- Bets made before this migration get their pair's client seed as it is now: what their proofs
-- showed until today. A bet whose client seed was changed away before this migration cannot be
-- mended; nothing kept the seed it was drawn with.

ALTER TABLE instant_bets ADD COLUMN client_seed seed_client;
UPDATE instant_bets b SET client_seed = p.client_seed FROM seed_pairs p WHERE p.id = b.seed_pair_id;
ALTER TABLE instant_bets ALTER COLUMN client_seed SET NOT NULL;

-- As in migration 015, and p_bet also carries clientSeed: the client seed the outcome was drawn
-- with, checked against the pair and stored in the bet's row.
CREATE OR REPLACE FUNCTION instant_bet(p_key TEXT, p_hash TEXT, p_bet JSONB)
RETURNS TABLE (replayed BOOLEAN, result JSONB)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  tx_id BIGINT;
  v_user BIGINT := (p_bet->>'user')::BIGINT;
  v_currency TEXT := p_bet->>'currency';
  v_amount BIGINT := (p_bet->>'amount')::BIGINT;
  v_payout BIGINT := (p_bet->>'payout')::BIGINT;
  v_pair BIGINT := (p_bet->>'pair')::BIGINT;
  v_nonce BIGINT := (p_bet->>'nonce')::BIGINT;
  v_client_seed TEXT := p_bet->>'clientSeed';
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
  -- No FOR UPDATE: a concurrent change of the real account makes the postings trigger's UPDATE of
  -- it a serialization failure, retried; so the balances after are this read plus this bet.
  SELECT max(id) FILTER (WHERE kind = 'user_real'),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_real'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_bonus'), 0),
      COALESCE(max(balance) FILTER (WHERE kind = 'user_hold'), 0)
    INTO real_id, real_balance, bonus_balance, held_balance
    FROM ledger_accounts WHERE user_id = v_user AND currency = v_currency;
  tx_id := nextval('ledger_transactions_id_seq');
  res := jsonb_build_object('transactionId', tx_id, 'betId', p_bet->>'id',
    'balances', jsonb_build_object('real', real_balance - v_amount + v_payout,
      'bonus', bonus_balance, 'held', held_balance));
  INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, user_id, result)
    VALUES (tx_id, 'instant', p_key, p_hash, v_user, res)
    ON CONFLICT ON CONSTRAINT ledger_transactions_idempotency DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT true, ledger_replay(p_key, p_hash);
    RETURN;
  END IF;
  -- The pair must still hold the client seed the outcome was drawn with: a client seed changed
  -- by another process since the draw is a stale draw like a moved nonce, and is drawn again.
  UPDATE seed_pairs SET nonce = nonce + 1
    WHERE id = v_pair AND user_id = v_user AND status = 'active' AND nonce = v_nonce
      AND client_seed = v_client_seed;
  IF NOT FOUND THEN
    PERFORM ledger_refuse('nonce_stale',
      format('seed pair %s is not active at nonce %s with that client seed', v_pair, v_nonce));
  END IF;
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
  INSERT INTO instant_bets (id, game, user_id, client_key, player, amount, currency, params,
      outcome, multiplier, payout, seed_pair_id, nonce, client_seed, balance, transaction_id,
      created_at)
    VALUES (p_bet->>'id', p_bet->>'game', v_user, p_bet->>'key', p_bet->>'player', v_amount,
      v_currency, p_bet->'params', p_bet->'outcome', (p_bet->>'multiplier')::BIGINT, v_payout,
      v_pair, v_nonce, v_client_seed, real_balance - v_amount + v_payout, tx_id,
      (p_bet->>'at')::BIGINT);
  RETURN QUERY SELECT false, res;
END
$$;
