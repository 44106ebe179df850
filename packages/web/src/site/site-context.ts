import { createContext, useContext } from 'react';
import type { SiteDefinition } from './site-definition.js';

/** The site definition, for framework components deep in the tree. */
export const SiteContext = createContext<SiteDefinition | null>(null);

/** The current site definition; throws outside a site app, where it is a programming error. */
export function useSite(): SiteDefinition {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() must be used inside a Canopy site app');
  return site;
}
