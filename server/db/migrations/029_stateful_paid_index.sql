-- The live tables' read of paid stateful rounds (server/games/kit/instant/store.ts `recentBets`),
-- newest end first, for everyone (the tables at start) and for one player (their own table, on
-- every snapshot of the live namespace), had no index: each read sorted every paid round
-- (everyone's, or all of the player's) to keep the newest few. With 60,000 rounds and as many
-- instant bets over 20 players, one player's read took 64 ms on PGlite and 12 ms on PostgreSQL
-- (EXPLAIN ANALYZE), 0.5 and 0.3 ms from these indexes. (Migration 028's index is by player and
-- game; these tables show every game's rounds together.)
--
-- The read orders by the round's end. A round's end is written once, by the statement that takes
-- it out of 'open' (a step, a cash-out or the expiry, all setting ended_at), so the read orders by
-- ended_at itself instead of COALESCE(ended_at, updated_at), and the CHECK below makes that
-- exact: every round that has left 'open' has its end's time. (No code path leaves one without;
-- the UPDATE mends any row written otherwise before the CHECK is added.)
--
-- The indexes name ended_at and not updated_at on purpose: a step rewrites updated_at, and an
-- index on it would make every step's UPDATE a non-HOT one, writing a new entry in each of the
-- table's indexes (the stateful part of `npm run bench -- instant` on PostgreSQL: 0 HOT updates of
-- 2,939 with an index on COALESCE(ended_at, updated_at), 1,667 of 2,955 with these, every other
-- one a round's end or payment). A step leaves status, ended_at, id and user_id as they are (an open round's
-- ended_at stays NULL), so these two indexes cost a step nothing; their entries are written once,
-- when the round is paid (its status moves, so that UPDATE was never HOT).
UPDATE stateful_rounds SET ended_at = updated_at WHERE status <> 'open' AND ended_at IS NULL;
ALTER TABLE stateful_rounds ADD CONSTRAINT stateful_rounds_ended_at
  CHECK ((status = 'open') = (ended_at IS NULL));
CREATE INDEX stateful_rounds_paid_idx
  ON stateful_rounds (ended_at DESC, id COLLATE "C" DESC) WHERE status IN ('won', 'lost');
CREATE INDEX stateful_rounds_paid_user_idx
  ON stateful_rounds (user_id, ended_at DESC, id COLLATE "C" DESC) WHERE status IN ('won', 'lost');

