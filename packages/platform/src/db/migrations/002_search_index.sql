-- Search index over entry_versions (platform-contract.md §2). Written by
-- src/search/indexer.ts (values, geo, full text, terms) and by the triggers below
-- (search_docs); read by src/search/compile-*.ts.

-- The columns of entry_versions a search needs, kept in step by triggers. Searches read this
-- narrow table instead of entry_versions, whose rows carry the whole entry JSON: a page of
-- it holds dozens of documents rather than one or two.
CREATE TABLE search_docs (
  doc INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  language TEXT NOT NULL,
  is_latest INTEGER NOT NULL,
  is_published INTEGER NOT NULL,
  content_type_id TEXT NOT NULL,
  data_format TEXT NOT NULL,
  entry_title TEXT NOT NULL
) STRICT;

-- Both cover (doc, title, flags), so filtering a project or a content type never visits the
-- table, and both list titles in the default order (§1.11), so a first page can stop early.
CREATE INDEX search_docs_by_project ON search_docs (project_id, entry_title COLLATE NOCASE, is_published, is_latest);
CREATE INDEX search_docs_by_type
  ON search_docs (project_id, content_type_id, entry_title COLLATE NOCASE, is_published, is_latest);
CREATE INDEX search_docs_by_entry ON search_docs (project_id, entry_id);

INSERT INTO search_docs
  SELECT doc, project_id, entry_id, language, is_latest, is_published, content_type_id, data_format, entry_title
  FROM entry_versions;

CREATE TRIGGER search_docs_insert AFTER INSERT ON entry_versions
BEGIN
  INSERT OR REPLACE INTO search_docs
  VALUES (new.doc, new.project_id, new.entry_id, new.language, new.is_latest, new.is_published,
          new.content_type_id, new.data_format, new.entry_title);
END;

CREATE TRIGGER search_docs_update
AFTER UPDATE OF doc, project_id, entry_id, language, is_latest, is_published, content_type_id, data_format, entry_title
ON entry_versions
BEGIN
  DELETE FROM search_docs WHERE doc = old.doc;
  INSERT OR REPLACE INTO search_docs
  VALUES (new.doc, new.project_id, new.entry_id, new.language, new.is_latest, new.is_published,
          new.content_type_id, new.data_format, new.entry_title);
END;

-- Dictionary of field paths ('location.lat', 'author.sys.id', 'body.value'): rows below
-- carry the small integer instead of the text, which keeps the big indexes compact.
CREATE TABLE search_paths (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE
) STRICT;

-- One row per leaf value. Arrays give one row per element under the path without `[]`
-- (seq tells them apart, 0 = first), so equality on an array field matches any element.
--   text: the value as text (numbers as JS prints them, booleans 'true'/'false', dates as
--         stored), cut to 64 characters so the text index stays small;
--   long: when the value did not fit in `text`, the id of its search_long row (the value,
--         up to 8 000 characters), else NULL — kept apart so these rows stay small;
--   num:  numbers, booleans as 1/0, ISO dates as epoch milliseconds, else NULL.
-- Clustered by (path, doc): a query touches few paths, so its per-document probes (filters,
-- sort keys, aggregations) stay within a few compact ranges. The two value indexes serve
-- filters that start from a value (equality/prefix on text, ranges on num). There is no
-- index on doc alone (the planner would probe through it instead of the primary key):
-- search_doc_paths lists the paths each document has rows under, for removal.
CREATE TABLE search_values (
  path INTEGER NOT NULL,
  doc INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  text TEXT NOT NULL COLLATE NOCASE,
  long INTEGER,
  num REAL,
  PRIMARY KEY (path, doc, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE search_long (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL COLLATE NOCASE
) STRICT;

CREATE TABLE search_doc_paths (
  doc INTEGER PRIMARY KEY,
  paths TEXT NOT NULL                                  -- JSON array of search_paths ids
) STRICT;

CREATE INDEX search_values_text ON search_values (path, text);
CREATE INDEX search_values_num ON search_values (path, num) WHERE num IS NOT NULL;

-- Location values ({ lat, lon }) for distanceWithin: a bounding box on the index first,
-- then the exact haversine distance.
CREATE TABLE search_geo (
  doc INTEGER NOT NULL,
  path INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  PRIMARY KEY (doc, path, seq)
) STRICT, WITHOUT ROWID;

CREATE INDEX search_geo_position ON search_geo (path, lat, lon);

-- Full text, one row per document (rowid = doc). The row holds all text of the entry (what
-- searchContent and `*` match) followed by every word of each text field again as a
-- field-qualified token '<path id>ǂ<word>' (what freeText on a field matches). One row per
-- document rather than one per field keeps bulk indexing fast: FTS5 pays per row.
-- Contentless, since the text lives in entry_versions; contentless_delete allows removal.
CREATE VIRTUAL TABLE search_fts USING fts5 (
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Bulk indexing writes far fewer, larger segments with a big pending-terms hash (64 MiB,
-- memory used only inside a writing transaction) and FTS leaves sized to the 4 KiB page.
INSERT INTO search_fts (search_fts, rank) VALUES ('hashsize', 67108864);
INSERT INTO search_fts (search_fts, rank) VALUES ('pgsz', 4050);

-- Full-text rows written by a bulk indexer wait here and move into search_fts a thousand
-- at a time (and before any search): FTS5 flushes its pending terms to a new segment
-- whenever another statement of the transaction opens a savepoint, so inserting one row per
-- entry between the other inserts of a seed would make, and then merge, a segment per entry.
-- As a table, waiting rows commit with the writer's transaction and cannot get lost.
CREATE TABLE search_fts_pending (
  doc INTEGER PRIMARY KEY,
  body TEXT NOT NULL
) STRICT;

-- Small facts about the index state; 'terms_stale' = 1 once full-text rows arrived in bulk
-- without their words being added to search_terms.
CREATE TABLE search_meta (
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Words seen by the indexer, folded as the tokenizer folds them: the vocabulary fuzzy
-- freeText expands against. Only ever grows; a word no document has any more just
-- expands to nothing.
CREATE TABLE search_terms (
  term TEXT PRIMARY KEY
) STRICT, WITHOUT ROWID;

-- Deleting a stored version (directly or by cascade from its project) drops its index rows,
-- so the index cannot outlive what it describes.
CREATE TRIGGER entry_versions_search_cleanup AFTER DELETE ON entry_versions
BEGIN
  DELETE FROM search_docs WHERE doc = old.doc;
  DELETE FROM search_long WHERE id IN (
    SELECT long FROM search_values
    WHERE path IN (SELECT value FROM json_each((SELECT paths FROM search_doc_paths WHERE doc = old.doc)))
      AND doc = old.doc AND long IS NOT NULL);
  DELETE FROM search_values
  WHERE path IN (SELECT value FROM json_each((SELECT paths FROM search_doc_paths WHERE doc = old.doc)))
    AND doc = old.doc;
  DELETE FROM search_doc_paths WHERE doc = old.doc;
  DELETE FROM search_geo WHERE doc = old.doc;
  DELETE FROM search_fts WHERE rowid = old.doc;
  DELETE FROM search_fts_pending WHERE doc = old.doc;
END;
