-- Cases (issue 30): a case is a price and an item table. Item tables are immutable and named by
-- their hash, SHA-256 of their canonical text (games/cases/rules.ts, canonicalTable): an opening
-- names its table's hash in its params (instant_bets.params->>'table'), and a proof serves the
-- table by that hash, so editing a case (a new table, a new hash) never changes a past proof.
-- Numbered 020 so the migrations other branches of the same issue add before it keep their order.

-- Every item table ever offered, never updated or deleted (the triggers below refuse it).
CREATE TABLE case_tables (
  hash TEXT PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  currency TEXT NOT NULL,
  -- The canonical text whose SHA-256 is the hash, as it was hashed (what a proof serves).
  canonical TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

CREATE FUNCTION case_tables_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'case tables are immutable: add a new table instead' USING ERRCODE = '55000';
END
$$;
CREATE TRIGGER case_tables_no_update BEFORE UPDATE OR DELETE ON case_tables
  FOR EACH ROW EXECUTE FUNCTION case_tables_immutable();

-- The cases on offer: the catalogue entry and the table openings draw from now.
CREATE TABLE cases (
  id BIGSERIAL PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  -- {en, ru, kz}
  name JSONB NOT NULL,
  -- A picture under public/ (a path of this site).
  image TEXT NOT NULL CHECK (image ~ '^/[A-Za-z0-9/._-]{1,200}$'),
  price BIGINT NOT NULL CHECK (price > 0),
  currency TEXT NOT NULL,
  table_hash TEXT NOT NULL REFERENCES case_tables(hash),
  sort INT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);

-- Each table a case has offered, and from when: a case's versions, newest last.
CREATE TABLE case_versions (
  case_id BIGINT NOT NULL REFERENCES cases(id),
  version INT NOT NULL CHECK (version >= 1),
  table_hash TEXT NOT NULL REFERENCES case_tables(hash),
  price BIGINT NOT NULL CHECK (price > 0),
  created_at BIGINT NOT NULL,
  PRIMARY KEY (case_id, version)
);
