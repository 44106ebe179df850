/**
 * Which version of content a page shows: what is published, or the newest draft (preview).
 * A leaf of its own: the version state holds it, routing decides it (`resolveVersionStatus`)
 * and the version information shows it, without importing each other.
 */
export type VersionStatus = 'published' | 'latest';
