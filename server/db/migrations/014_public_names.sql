-- Public names (issue 24): registration used to name an account after its e-mail's local part, so
-- live tables showed every watcher a log-in identifier. Such names, and any that are the account's
-- e-mail or phone, are cleared here; the server names every unnamed account at start
-- (server/auth/publicName.ts assignPublicNames), and its stored bets take the new name.
UPDATE users SET name = NULL
  WHERE name IS NOT NULL AND (
    lower(btrim(name)) IN (lower(email), lower(split_part(email, '@', 1)))
    OR (phone IS NOT NULL AND regexp_replace(phone, '\D', '', 'g') <> ''
      AND regexp_replace(name, '\D', '', 'g') = regexp_replace(phone, '\D', '', 'g'))
  );
