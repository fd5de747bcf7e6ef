-- Crash: the hash chain its rounds are played from, the rounds, and the bets (whose money lives in
-- ledger_holds; a bet row says what the game decided, the hold says what was paid).
-- Times are BIGINT epoch milliseconds of the round loop's clock, the same numbers the wire carries.

-- The chain's seed is the secret that decides every future round: only the server reads it.
-- One row per chain; the loop plays the newest. Position = the highest game in crash_rounds.
CREATE TABLE crash_chains (
  id BIGSERIAL PRIMARY KEY,
  seed_hash TEXT NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  salt TEXT NOT NULL CHECK (salt <> ''),
  length INT NOT NULL CHECK (length > 0),
  terminating_hash TEXT NOT NULL CHECK (terminating_hash ~ '^[0-9a-f]{64}$'),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per game played (or being played). `phase` 'aborted' is a round a restart cut short
-- while it ran: its bets were refunded (or paid at a cash-out already granted) and its hash is
-- still revealed, so the chain shown to players has no gaps.
CREATE TABLE crash_rounds (
  chain_id BIGINT NOT NULL REFERENCES crash_chains(id),
  game INT NOT NULL CHECK (game > 0),
  phase TEXT NOT NULL CHECK (phase IN ('betting', 'running', 'crashed', 'aborted')),
  betting_ends_at BIGINT NOT NULL,
  started_at BIGINT,
  ended_at BIGINT,
  crash_point INT CHECK (crash_point >= 100),
  round_hash TEXT,
  PRIMARY KEY (chain_id, game),
  -- A round reveals its crash point and hash exactly when it has ended.
  CHECK ((phase IN ('crashed', 'aborted')) = (crash_point IS NOT NULL AND round_hash IS NOT NULL))
);

-- A bet is written before its stake is held ('holding'), so a restart between the two finds it
-- and looks for its hold by reference ('crash:bet:<id>') instead of losing track of the money.
CREATE TABLE crash_bets (
  -- The wire bet id, made by the server when the command arrives (before any write), so the
  -- round loop can count the bet from that instant.
  id TEXT PRIMARY KEY,
  chain_id BIGINT NOT NULL REFERENCES crash_chains(id),
  -- The round it plays in; a queued bet names a round that may not have a row yet.
  game INT NOT NULL CHECK (game > 0),
  user_id BIGINT NOT NULL REFERENCES users(id),
  client_key TEXT NOT NULL,
  player TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  auto_cashout_at INT CHECK (auto_cashout_at >= 101),
  status TEXT NOT NULL CHECK (
    status IN ('holding', 'refused', 'active', 'cashedOut', 'lost', 'cancelled', 'refunded')
  ),
  hold_id BIGINT REFERENCES ledger_holds(id),
  -- Set BEFORE the winning settle is sent: a restart pays exactly this, never twice.
  cashout_at INT CHECK (cashout_at >= 100),
  win BIGINT CHECK (win >= 0),
  -- The first answer to the bet command, replayed to a retry with the same key.
  ack JSONB,
  created_at BIGINT NOT NULL,
  -- A retried bet (same client key) is the same bet, across reconnections and restarts.
  CONSTRAINT crash_bets_client_key UNIQUE (user_id, client_key)
);
-- One standing bet per player and round; refused, cancelled and refunded bets do not count.
CREATE UNIQUE INDEX crash_bets_one_per_round ON crash_bets (chain_id, game, user_id)
  WHERE status NOT IN ('refused', 'cancelled', 'refunded');
CREATE INDEX crash_bets_open_idx ON crash_bets (status) WHERE status IN ('holding', 'active');
