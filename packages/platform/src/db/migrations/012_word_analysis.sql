-- Word analysis for freeText (issue 25): the full-text rows gain stem tokens and lose the
-- addresses of pictures and files (see src/search/fts-body.ts). The rows can only be rebuilt
-- from the entries' JSON, so this marks them for src/search/fts-rebuild.ts, which runs when the
-- database is opened. A database without entries has nothing to rebuild.
INSERT INTO search_meta (key, value)
  SELECT 'fts_rebuild', 1 WHERE EXISTS (SELECT 1 FROM entry_versions)
  ON CONFLICT (key) DO UPDATE SET value = 1;

-- Typo corrections look up words by first letter and length (src/search/fuzzy.ts): an index
-- answers that instead of a scan of the vocabulary.
CREATE INDEX search_terms_shape ON search_terms (substr(term, 1, 1), length(term));
