import type Database from 'better-sqlite3';

/**
 * An open platform database. In a module of its own, without `openDatabase`, so the search
 * index's modules can name it while `openDatabase` runs their full-text rebuild after
 * migrating (no import cycle between db/ and search/).
 */
export type Db = Database.Database;
