-- Management side of content types, components and the site view (platform-contract.md §4.2).

-- Every stored version of a content type or component definition. `content_types` (001) keeps
-- serving delivery: it holds the published definition of each content type, and only that.
-- Drafts, older versions and components live here alone, so delivery never sees them.
-- A definition has one latest row and at most one published row (the same row when the
-- newest version is the published one); older versions keep both flags at 0.
CREATE TABLE definition_versions (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('contentType', 'component')),
  id TEXT NOT NULL,
  major INTEGER NOT NULL,
  minor INTEGER NOT NULL,
  is_latest INTEGER NOT NULL DEFAULT 0 CHECK (is_latest IN (0, 1)),
  is_published INTEGER NOT NULL DEFAULT 0 CHECK (is_published IN (0, 1)),
  data TEXT NOT NULL,                                  -- JSON ContentType / Component, incl. version
  PRIMARY KEY (project_id, kind, id, major, minor)
) STRICT;

CREATE UNIQUE INDEX definition_versions_latest ON definition_versions (project_id, kind, id) WHERE is_latest = 1;
CREATE UNIQUE INDEX definition_versions_published ON definition_versions (project_id, kind, id) WHERE is_published = 1;

-- Content types written straight into content_types (the seed, and databases that predate
-- this migration) become their own first, published version. The management API writes its
-- version row before the content_types row, so for its writes the trigger's insert is ignored.
INSERT OR IGNORE INTO definition_versions (project_id, kind, id, major, minor, is_latest, is_published, data)
SELECT project_id, 'contentType', id,
       CASE WHEN json_extract(data, '$.version.versionNo') GLOB '[0-9]*.[0-9]*'
            THEN CAST(substr(json_extract(data, '$.version.versionNo'), 1, instr(json_extract(data, '$.version.versionNo'), '.') - 1) AS INTEGER)
            ELSE 1 END,
       CASE WHEN json_extract(data, '$.version.versionNo') GLOB '[0-9]*.[0-9]*'
            THEN CAST(substr(json_extract(data, '$.version.versionNo'), instr(json_extract(data, '$.version.versionNo'), '.') + 1) AS INTEGER)
            ELSE 0 END,
       1, 1, data
FROM content_types;

CREATE TRIGGER content_types_first_version AFTER INSERT ON content_types
BEGIN
  INSERT OR IGNORE INTO definition_versions (project_id, kind, id, major, minor, is_latest, is_published, data)
  VALUES (
    new.project_id, 'contentType', new.id,
    CASE WHEN json_extract(new.data, '$.version.versionNo') GLOB '[0-9]*.[0-9]*'
         THEN CAST(substr(json_extract(new.data, '$.version.versionNo'), 1, instr(json_extract(new.data, '$.version.versionNo'), '.') - 1) AS INTEGER)
         ELSE 1 END,
    CASE WHEN json_extract(new.data, '$.version.versionNo') GLOB '[0-9]*.[0-9]*'
         THEN CAST(substr(json_extract(new.data, '$.version.versionNo'), instr(json_extract(new.data, '$.version.versionNo'), '.') + 1) AS INTEGER)
         ELSE 0 END,
    1, 1, new.data
  );
END;

-- What the management node shape has beyond the `nodes` row (001): restrictedToLanguages,
-- renderer, proxy and the rest of the version block. Seeded nodes have no row; they read as
-- unrestricted, without renderer or proxy, created and last modified by the seed.
CREATE TABLE node_details (
  project_id TEXT NOT NULL,
  node_id TEXT NOT NULL,
  data TEXT NOT NULL,                                  -- JSON NodeDetails
  PRIMARY KEY (project_id, node_id),
  FOREIGN KEY (project_id, node_id) REFERENCES nodes (project_id, id) ON DELETE CASCADE
) STRICT;

-- Children orders defined for one language other than the project's primary language. The
-- primary-language (default) order is `nodes.position`, which delivery already follows.
CREATE TABLE node_child_orders (
  project_id TEXT NOT NULL,
  parent_id TEXT NOT NULL,
  language TEXT NOT NULL,
  child_ids TEXT NOT NULL,                             -- JSON string[]
  PRIMARY KEY (project_id, parent_id, language),
  FOREIGN KEY (project_id, parent_id) REFERENCES nodes (project_id, id) ON DELETE CASCADE
) STRICT;
