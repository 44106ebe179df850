export { type PlatformCredentials, platformCredentials } from './cli/credentials.js';
export { type CliIo, processIo } from './cli/io.js';
export { runCli } from './cli/run.js';
export * from './config.js';
export { loadMigrations, migrate } from './db/migrate.js';
export { type Db, type OpenDatabaseOptions, openDatabase } from './db/open.js';
export type { AuthenticatedCaller, DeliveryAuthenticator, PresentedCredential } from './http/auth.js';
export { deliveryTokenAuthenticator } from './http/auth.js';
export { createPlatformServer, type PlatformServerOptions } from './http/server.js';
export { type OutboxMail, readOutbox } from './mail/outbox.js';
export {
  deleteProjectContent,
  type LoadSeedOptions,
  type LoadSeedResult,
  loadSeedContent,
} from './seed/load.js';
export type * from './seed/types.js';
