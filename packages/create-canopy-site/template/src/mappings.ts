import type { ContentTypeMapping } from '@canopy/web';
import { HomePage } from './components/HomePage.js';
import { mapContentType } from './content/generated/content-types.js';

/**
 * Which component renders the entries of each content type. `mapContentType` comes with the
 * generated types (`npm run types`) and checks that HomePage takes a HomePageEntry.
 */
export const contentTypeMappings: ContentTypeMapping[] = [
  // Featured courses are links to course entries: link depth 1 resolves them (but not their
  // own links, which the page does not show).
  mapContentType({ contentTypeId: 'homePage', component: HomePage, linkDepth: 1 }),
];
