-- Redirects, tag groups and tags of a project (platform-contract.md §4.2). As elsewhere the
-- JSON columns hold the contract's shapes; the plain columns exist for uniqueness and lookups.

CREATE TABLE redirects (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,                                    -- GUID
  source_domain TEXT NOT NULL,
  match_type TEXT NOT NULL CHECK (match_type IN ('beginsWith', 'exactMatch', 'regex')),
  match_value TEXT NOT NULL,
  data TEXT NOT NULL,                                  -- JSON Redirect incl. version
  PRIMARY KEY (project_id, id)
) STRICT;

-- Two redirects matching the same requests would make the outcome depend on their order.
CREATE UNIQUE INDEX redirects_by_match
  ON redirects (project_id, source_domain COLLATE NOCASE, match_type, match_value);

CREATE TABLE tag_groups (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,                                  -- JSON TagGroup without tagCount
  PRIMARY KEY (project_id, id)
) STRICT;

CREATE TABLE tags (
  -- Deleting a project removes its tags and groups in one statement, so the group key below
  -- (checked at the statement's end) never stops it.
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,                                    -- GUID unless the creator chose one
  group_id TEXT NOT NULL,
  value TEXT NOT NULL,
  data TEXT NOT NULL,                                  -- JSON Tag without usageCount
  PRIMARY KEY (project_id, id),
  -- No cascade: a group cannot be deleted while it still holds tags.
  FOREIGN KEY (project_id, group_id) REFERENCES tag_groups (project_id, id)
) STRICT;

CREATE UNIQUE INDEX tags_by_value ON tags (project_id, group_id, value COLLATE NOCASE);
