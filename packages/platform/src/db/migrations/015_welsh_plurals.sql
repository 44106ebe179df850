-- Welsh plurals (word analysis): the full-text rows of Welsh entries (language cy) now also hold
-- the singular candidates of their plural words (src/search/welsh-plurals.ts), so "cwrs" finds
-- "cyrsiau". As for migration 014, the rows can only be rewritten from the entries' JSON: this
-- marks them for src/search/fts-rebuild-welsh.ts, which runs when the database is opened and
-- rewrites the Welsh rows alone. A database without Welsh entries has nothing to change.
INSERT INTO search_meta (key, value)
  SELECT 'fts_rebuild_welsh', 1
  WHERE EXISTS (SELECT 1 FROM entry_versions WHERE lower(language) = 'cy' OR lower(language) LIKE 'cy-%')
  ON CONFLICT (key) DO UPDATE SET value = 1;
