-- Attribution reports (docs/api.md, "Attribution"): an operator counts events by kind and day,
-- and reads one player's events, without scanning the whole table.
CREATE INDEX marketing_events_kind_time_idx ON marketing_events (kind, created_at);
CREATE INDEX marketing_events_user_idx ON marketing_events (user_id) WHERE user_id IS NOT NULL;
-- Registrations by affiliate tag and promo code.
CREATE INDEX users_attribution_stag_idx ON users ((attribution ->> 'stag'))
  WHERE attribution ? 'stag';
