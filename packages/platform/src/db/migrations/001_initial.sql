-- Core content storage of the local platform.
-- JSON columns hold the contract's shapes verbatim (platform-contract.md §1.4-§1.8) so the
-- delivery API can answer from them with little reshaping.

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  primary_language TEXT NOT NULL,
  supported_languages TEXT NOT NULL DEFAULT '[]',      -- JSON string[]
  delivery_sys_exclusions TEXT NOT NULL DEFAULT '[]',  -- JSON string[]
  color TEXT
) STRICT;

CREATE TABLE content_types (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  data TEXT NOT NULL,                                  -- JSON ContentType (§1.5), incl. version
  PRIMARY KEY (project_id, id)
) STRICT;

-- One row per distinct stored version of an entry variation (entry id + language).
-- A variation whose newest version is also its published one has a single row with both
-- flags set; a variation with an unpublished draft on top of a published version has two rows
-- (the published one with is_latest = 0, the draft with is_published = 0). Searches filter
-- on the flag that matches the requested version status, so the search index (002) only holds
-- each distinct version once.
CREATE TABLE entry_versions (
  doc INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  language TEXT NOT NULL,
  is_latest INTEGER NOT NULL CHECK (is_latest IN (0, 1)),
  is_published INTEGER NOT NULL CHECK (is_published IN (0, 1)),
  content_type_id TEXT NOT NULL,
  data_format TEXT NOT NULL,
  version_no TEXT NOT NULL,
  entry_title TEXT NOT NULL DEFAULT '',
  data TEXT NOT NULL,                                  -- JSON Entry (§1.6.2) without sys.versionStatus
  CHECK (is_latest = 1 OR is_published = 1)
) STRICT;

CREATE UNIQUE INDEX entry_versions_latest ON entry_versions (project_id, entry_id, language) WHERE is_latest = 1;
CREATE UNIQUE INDEX entry_versions_published ON entry_versions (project_id, entry_id, language) WHERE is_published = 1;
CREATE INDEX entry_versions_by_type ON entry_versions (project_id, content_type_id, entry_title COLLATE NOCASE);
CREATE INDEX entry_versions_by_title ON entry_versions (project_id, entry_title COLLATE NOCASE);

-- Site view. Paths are stored per language so a lookup by path is one index probe.
CREATE TABLE nodes (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  parent_id TEXT,
  entry_id TEXT,
  is_canonical INTEGER NOT NULL DEFAULT 1 CHECK (is_canonical IN (0, 1)),
  include_in_menu INTEGER NOT NULL DEFAULT 1 CHECK (include_in_menu IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0,                 -- defined order among siblings
  depth INTEGER NOT NULL DEFAULT 0,                    -- root = 0
  version_no TEXT NOT NULL DEFAULT '1.0',
  created TEXT NOT NULL,
  PRIMARY KEY (project_id, id),
  FOREIGN KEY (project_id, parent_id) REFERENCES nodes (project_id, id) ON DELETE CASCADE
) STRICT;

CREATE INDEX nodes_children ON nodes (project_id, parent_id, position);
CREATE INDEX nodes_by_entry ON nodes (project_id, entry_id);

CREATE TABLE node_localisations (
  project_id TEXT NOT NULL,
  node_id TEXT NOT NULL,
  language TEXT NOT NULL,
  slug TEXT NOT NULL,
  display_name TEXT NOT NULL,
  path TEXT NOT NULL,
  PRIMARY KEY (project_id, node_id, language),
  FOREIGN KEY (project_id, node_id) REFERENCES nodes (project_id, id) ON DELETE CASCADE
) STRICT;

CREATE INDEX node_localisations_by_path ON node_localisations (project_id, path);

-- Legacy taxonomy: keys such as '0/3/7'; path such as 'Root/Topics/Transport'.
CREATE TABLE taxonomy_nodes (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  parent_key TEXT,
  name TEXT NOT NULL,                                  -- JSON Localised<string>
  path TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, key)
) STRICT;

CREATE INDEX taxonomy_children ON taxonomy_nodes (project_id, parent_key, position);
CREATE INDEX taxonomy_by_path ON taxonomy_nodes (project_id, path COLLATE NOCASE);

-- Files behind asset entries, served at their URIs (/image-library/…, /asset-library/…).
CREATE TABLE asset_files (
  uri TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  file_name TEXT NOT NULL,                             -- relative to <data dir>/assets
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL
) STRICT;

-- Delivery access tokens, stored only as SHA-256 hashes of the token value.
CREATE TABLE delivery_tokens (
  token_hash TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  can_preview INTEGER NOT NULL DEFAULT 0 CHECK (can_preview IN (0, 1))
) STRICT;
