-- The games catalogue (issue 34): providers, their slots and live tables, a player's favourites and
-- recently played games. Rows marked `is_demo_data` are the fictitious catalogue the demo seed
-- writes (server/catalogue/demoCatalogue.ts) so search, filters and paging have something real to
-- work on; the sandbox provider's own games are not demo data.

CREATE TABLE catalogue_providers (
  id TEXT PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(id) <= 64),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  is_demo_data BOOLEAN NOT NULL
);

-- `categories` are the genre tags of contract/catalogue.ts (not "new" or "popular": those are
-- sorts over `released_at` and `popularity`, so they never go stale). `title_key` is the title
-- as search and the title sort read it, case-folded by the server (JS toLowerCase, which folds
-- every script alike), so both drivers match and order it the same whatever their locale.
CREATE TABLE catalogue_games (
  id TEXT PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(id) <= 64),
  provider_id TEXT NOT NULL REFERENCES catalogue_providers (id),
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  title_key TEXT NOT NULL CHECK (length(title_key) BETWEEN 1 AND 100),
  kind TEXT NOT NULL CHECK (kind IN ('slot', 'live')),
  categories TEXT[] NOT NULL DEFAULT '{}' CHECK (
    categories <@ ARRAY['megaways', 'jackpot', 'bonus-buy', 'book', 'fruit', 'classic',
      'cluster', 'table', 'roulette', 'blackjack', 'baccarat', 'poker', 'game-show']::text[]
  ),
  released_at DATE NOT NULL,
  -- Set by the seed for now; real plays may feed it later. Higher is more popular.
  popularity INT NOT NULL CHECK (popularity >= 0),
  has_demo BOOLEAN NOT NULL,
  -- A picture the operator supplies; NULL: the server draws one (GET .../games/:id/image.svg).
  image_path TEXT CHECK (length(image_path) <= 300),
  -- What the provider's launch call names the game by.
  provider_game_code TEXT NOT NULL CHECK (length(provider_game_code) BETWEEN 1 AND 100),
  is_demo_data BOOLEAN NOT NULL,
  UNIQUE (provider_id, provider_game_code)
);
-- One index per sort of GET /catalogue/games, kind first (every lobby page filters by it), in the
-- exact order the keyset reads, so a page is an index range scan whatever the depth.
CREATE INDEX catalogue_games_popular_idx
  ON catalogue_games (kind, popularity DESC, id COLLATE "C");
CREATE INDEX catalogue_games_new_idx
  ON catalogue_games (kind, released_at DESC, id COLLATE "C");
CREATE INDEX catalogue_games_title_idx
  ON catalogue_games (kind, title_key COLLATE "C", id COLLATE "C");
CREATE INDEX catalogue_games_provider_idx ON catalogue_games (provider_id);
-- `categories @> ARRAY[$1]` reads this one.
CREATE INDEX catalogue_games_categories_idx ON catalogue_games USING GIN (categories);

CREATE TABLE catalogue_favourites (
  user_id BIGINT NOT NULL REFERENCES users (id),
  game_id TEXT NOT NULL REFERENCES catalogue_games (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_id)
);
CREATE INDEX catalogue_favourites_list_idx
  ON catalogue_favourites (user_id, created_at DESC, game_id COLLATE "C");

-- One row per player and game, moved to the front by an upsert of `played_at` (recordPlayed).
CREATE TABLE catalogue_recent (
  user_id BIGINT NOT NULL REFERENCES users (id),
  game_id TEXT NOT NULL REFERENCES catalogue_games (id),
  played_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, game_id)
);
CREATE INDEX catalogue_recent_list_idx
  ON catalogue_recent (user_id, played_at DESC, game_id COLLATE "C");
