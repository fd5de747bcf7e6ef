-- Stateful rounds (issue 32): miner, hilo, coinflip. The player stakes once, then plays steps
-- (reveal a tile, guess a card, flip again) and may cash out; the round stays open between steps
-- for seconds or days. The rows are the truth: a restart, a dropped socket or a closed tab resumes
-- the round where its row stands. Times are BIGINT epoch milliseconds of the server's clock.

-- One round. It is written by the same transaction that holds its stake and claims its seed pair's
-- nonce (server/games/kit/stateful), so there is no hold without its round and no nonce used twice.
CREATE TABLE stateful_rounds (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL CHECK (game ~ '^[a-z]{1,32}$'),
  user_id BIGINT NOT NULL REFERENCES users(id),
  client_key TEXT NOT NULL,
  -- The public name at the opening, as the live tables show it.
  player TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  params JSONB NOT NULL,
  -- The rules' state. It may hold what the player must not see before the end (a mines board):
  -- only the rules' public view of it leaves the server while the round is open.
  state JSONB NOT NULL,
  -- Steps applied so far; a step expecting n advances the row only `WHERE step = n`.
  step INT NOT NULL DEFAULT 0 CHECK (step >= 0),
  -- Floats of the round's cursor the rules have read so far: the next step reads on from there.
  floats INT NOT NULL CHECK (floats >= 0),
  -- open: in play; ending: decided (payout recorded), the ledger not yet paid; won/lost: paid;
  -- refunded: the hold was returned (recovery found it so).
  status TEXT NOT NULL CHECK (status IN ('open', 'ending', 'won', 'lost', 'refunded')),
  -- The cash-out multiplier now (open) or at the end, in ten-thousandths.
  multiplier BIGINT NOT NULL CHECK (multiplier >= 0),
  -- The decided payout: written when the round leaves 'open', before the ledger pays it.
  payout BIGINT CHECK (payout >= 0),
  end_reason TEXT CHECK (end_reason IN ('lost', 'cashout', 'cap', 'complete', 'expired')),
  seed_pair_id BIGINT NOT NULL REFERENCES seed_pairs(id),
  nonce BIGINT NOT NULL CHECK (nonce >= 0),
  -- The client seed the round was drawn with (a player may change it once the round is over).
  client_seed TEXT NOT NULL,
  hold_id BIGINT NOT NULL REFERENCES ledger_holds(id),
  -- The real balance after the stake was held, and after the payout once paid.
  balance BIGINT NOT NULL CHECK (balance >= 0),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  ended_at BIGINT,
  CHECK ((status = 'open') = (payout IS NULL)),
  CHECK ((status = 'open') = (end_reason IS NULL)),
  -- A retried open (same client key) is the same round, across reconnections and restarts.
  CONSTRAINT stateful_rounds_client_key UNIQUE (user_id, game, client_key),
  CONSTRAINT stateful_rounds_nonce UNIQUE (seed_pair_id, nonce)
);
-- One open round per player and game, however many processes serve them.
CREATE UNIQUE INDEX stateful_rounds_one_open ON stateful_rounds (user_id, game) WHERE status = 'open';
-- What seed changes check, what the 30-day settlement and recovery at start scan.
CREATE INDEX stateful_rounds_unsettled ON stateful_rounds (user_id) WHERE status IN ('open', 'ending');
CREATE INDEX stateful_rounds_open_since ON stateful_rounds (created_at) WHERE status = 'open';
CREATE INDEX stateful_rounds_history_idx
  ON stateful_rounds (user_id, created_at DESC, id COLLATE "C" DESC);

-- Every step of every round: its key, its number, the action, the outcome and its time. A step row
-- is written by the same transaction that advances its round.
CREATE TABLE stateful_steps (
  round_id TEXT NOT NULL REFERENCES stateful_rounds(id),
  -- 1 for the first step; the round's `step` after it.
  step INT NOT NULL CHECK (step >= 1),
  client_key TEXT NOT NULL,
  -- The action as the player sent it: { kind: 'cashout' } for a cash-out.
  action JSONB NOT NULL,
  -- The rules' public outcome of the step (null for a cash-out).
  outcome JSONB,
  -- The multiplier after the step, in ten-thousandths.
  multiplier BIGINT NOT NULL CHECK (multiplier >= 0),
  created_at BIGINT NOT NULL,
  PRIMARY KEY (round_id, step),
  -- A repeated step key is the same step: it gets the recorded answer.
  CONSTRAINT stateful_steps_client_key UNIQUE (round_id, client_key)
);
