-- Group commit (issue #6): the server's ledger writer applies the movements queued while its
-- previous batch ran as ONE serializable transaction, calling the unchanged movement functions of
-- migration 006 one after another. Each movement runs in its own subtransaction (a plpgsql block
-- with an EXCEPTION clause is a savepoint), so a movement that is refused (no funds, hold closed,
-- key reused with other parameters) or fails rolls back alone and is answered as a row, while the
-- other movements of the batch stand. Movements later in a batch see the earlier ones' writes:
-- a batch is the same as running its movements one by one in that order.
--
-- Errors that say the TRANSACTION cannot stand are not caught: a serialization failure, a
-- deadlock, or losing the race for an idempotency key to a concurrent transaction abort the whole
-- batch, and the writer retries it whole (server/ledger/retry.ts), as it did each movement before.
--
-- Batches stay at most 32 movements: each movement's subtransaction takes a subtransaction id,
-- and past 64 in one transaction PostgreSQL's per-backend cache of them overflows, which makes
-- every other session's snapshot checks slower (server/ledger/groupCommit.ts enforces the bound).
--
-- p_ops is a JSON array of {"f": movement, "k": key, "h": request hash, "a": [arguments]} with
--   f = 'deposit' | 'bonus' : a = [user, currency, amount]
--   f = 'hold'              : a = [user, currency, amount, reference]
--   f = 'close'             : a = [hold, status, payout]
-- One row per movement, in order (ord from 1): (replayed, result) as the movement function
-- answered, or the error it raised (SQLSTATE, constraint name, message; TL001 is a refusal).
CREATE FUNCTION ledger_apply_batch(p_ops JSONB) RETURNS TABLE (
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
        -- A concurrent transaction claimed the same key first: the retry of the whole batch
        -- (under a new snapshot) finds it and answers the replay.
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
