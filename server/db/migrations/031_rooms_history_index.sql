-- The profile's bet history reads a player's rooms purchases newest first, by (created_at, id) for
-- its keyset pages (server/games/rooms/history.ts), as it reads instant bets (migration 013's
-- instant_bets_history_idx). Without an index each page sorted all of the player's purchases.
-- Neither column changes after the insert, so settling a purchase writes nothing new here.
CREATE INDEX rooms_purchases_history_idx
  ON rooms_purchases (user_id, created_at DESC, id COLLATE "C" DESC);
