// What the thunks of a store get besides the state. SiteServices lives with the site definition,
// which it holds and which (through the loaders' dispatch) refers back to it.
export type { NavigationCache, SiteServices } from '../site/site-definition.js';
export { consoleLogger, type SiteLogger } from './site-logger.js';
