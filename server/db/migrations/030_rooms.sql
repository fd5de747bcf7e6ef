-- Rooms (red, yellow, purple): one round at a time per room and currency, and its purchases of
-- tickets (whose money lives in ledger_holds: a purchase row says what the round decided, the
-- hold says what was paid). Times are BIGINT epoch milliseconds of the loop's clock, as the wire.

-- `seq` is the round's number in its room and currency: the nonce of its draw. `tickets` is the
-- next ticket number; a purchase takes its numbers by raising it in its own transaction (the one
-- that holds its money), so the numbering is the commit order and no two purchases overlap.
-- 'open': fewer than two players; 'counting': the countdown runs (its end stored, so a restart
-- keeps it); 'drawn': the draw is written (its winner and split decide every purchase's money);
-- 'refunded': the round was given back whole (its room closed by the operator).
CREATE TABLE rooms_rounds (
  id BIGSERIAL PRIMARY KEY,
  room TEXT NOT NULL CHECK (room IN ('red', 'yellow', 'purple')),
  currency TEXT NOT NULL,
  seq INT NOT NULL CHECK (seq > 0),
  status TEXT NOT NULL CHECK (status IN ('open', 'counting', 'drawn', 'refunded')),
  -- The secret until the draw: only the server reads it; the wire shows `commitment` before.
  server_seed TEXT NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  commitment TEXT NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  price BIGINT NOT NULL CHECK (price > 0),
  -- The most tickets the round may hold (its pot capped at the maximum payout).
  max_tickets BIGINT NOT NULL CHECK (max_tickets > 0),
  tickets BIGINT NOT NULL DEFAULT 0 CHECK (tickets >= 0 AND tickets <= max_tickets),
  opened_at BIGINT NOT NULL,
  countdown_ends_at BIGINT,
  drawn_at BIGINT,
  client_seed TEXT,
  beacon TEXT,
  winning_ticket BIGINT,
  winner_purchase TEXT,
  pot BIGINT,
  commission BIGINT,
  payout BIGINT,
  ended_at BIGINT,
  UNIQUE (room, currency, seq),
  CHECK ((status = 'open') = (countdown_ends_at IS NULL) OR status = 'refunded'),
  -- A drawn round carries its whole draw, and only a drawn round does.
  CHECK (
    (status = 'drawn') = (drawn_at IS NOT NULL AND client_seed IS NOT NULL
      AND winning_ticket IS NOT NULL AND winner_purchase IS NOT NULL AND pot IS NOT NULL
      AND commission IS NOT NULL AND payout IS NOT NULL)
  )
);
-- One round that sells at a time per room and currency.
CREATE UNIQUE INDEX rooms_rounds_one_selling ON rooms_rounds (room, currency)
  WHERE status IN ('open', 'counting');

-- A round's final status is final: a drawn round is never refunded, nor a refunded one drawn, so
-- no purchase can be both paid and given back.
CREATE FUNCTION rooms_rounds_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IN ('drawn', 'refunded') AND NEW.status <> OLD.status THEN
    RAISE EXCEPTION 'rooms round % is %, final', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_rounds_final';
  END IF;
  IF OLD.status IN ('drawn', 'refunded') AND NEW.tickets <> OLD.tickets THEN
    RAISE EXCEPTION 'rooms round % is %, it sells no ticket', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_rounds_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER rooms_rounds_final BEFORE UPDATE ON rooms_rounds
  FOR EACH ROW EXECUTE FUNCTION rooms_rounds_final();

-- A purchase is written in the transaction that holds its money (ledger hold, reference
-- 'rooms:purchase:<id>'), so a row exists exactly when its hold does.
CREATE TABLE rooms_purchases (
  -- The wire's purchase id: a line of the ticket list.
  id TEXT PRIMARY KEY CHECK (id ~ '^[0-9A-Za-z_-]{1,64}$'),
  round_id BIGINT NOT NULL REFERENCES rooms_rounds(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  client_key TEXT NOT NULL,
  player TEXT NOT NULL,
  client_seed TEXT NOT NULL,
  first_ticket BIGINT NOT NULL CHECK (first_ticket >= 0),
  count INT NOT NULL CHECK (count BETWEEN 1 AND 100),
  cost BIGINT NOT NULL CHECK (cost > 0),
  currency TEXT NOT NULL,
  hold_id BIGINT NOT NULL REFERENCES ledger_holds(id),
  status TEXT NOT NULL CHECK (status IN ('active', 'won', 'lost', 'refunded')),
  win BIGINT CHECK (win >= 0),
  -- The first answer to the purchase, replayed to a retry with the same key.
  ack JSONB,
  created_at BIGINT NOT NULL,
  -- A retried purchase (same client key) is the same purchase, across reconnections and restarts.
  CONSTRAINT rooms_purchases_client_key UNIQUE (user_id, client_key),
  CONSTRAINT rooms_purchases_ticket UNIQUE (round_id, first_ticket)
);
CREATE INDEX rooms_purchases_round_idx ON rooms_purchases (round_id, first_ticket);
CREATE INDEX rooms_purchases_open_idx ON rooms_purchases (status) WHERE status = 'active';

-- A purchase goes only into a round that sells, and takes the round's next tickets, in the
-- purchase's own transaction: the row lock it takes on the round is the one the draw takes, so a
-- purchase racing the close is either in the draw or never held. Returns the first ticket, or
-- raises `rooms_round_closed` / `rooms_round_full` / `rooms_player_cap`.
CREATE FUNCTION rooms_take_tickets(p_round BIGINT, p_user BIGINT, p_count INT, p_cap INT)
RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  r rooms_rounds%ROWTYPE;
  held BIGINT;
BEGIN
  SELECT * INTO r FROM rooms_rounds WHERE id = p_round FOR UPDATE;
  IF NOT FOUND OR r.status NOT IN ('open', 'counting') THEN
    RAISE EXCEPTION 'rooms round % sells no ticket', p_round
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_round_closed';
  END IF;
  IF r.tickets + p_count > r.max_tickets THEN
    RAISE EXCEPTION 'rooms round % is full', p_round
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_round_full';
  END IF;
  SELECT COALESCE(SUM(count), 0) INTO held FROM rooms_purchases
    WHERE round_id = p_round AND user_id = p_user;
  IF held + p_count > p_cap THEN
    RAISE EXCEPTION 'rooms player % past the cap', p_user
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_player_cap';
  END IF;
  UPDATE rooms_rounds SET tickets = tickets + p_count WHERE id = p_round;
  RETURN r.tickets;
END $$;
