-- The stateful snapshot's last ended round (issue 32): a page that showed a round open sees how it
-- ended while the page did not (another tab, the 30 days, a dropped socket). One index read per
-- snapshot: the player's newest paid round of the game. Rounds of one player and game are played
-- one at a time, so within one millisecond of `ended_at` the later opened (the newer seed pair,
-- then the higher nonce) is the later ended.
CREATE INDEX stateful_rounds_last_ended
  ON stateful_rounds (user_id, game, ended_at DESC, seed_pair_id DESC, nonce DESC)
  WHERE status IN ('won', 'lost', 'refunded');
