import type { SiteRenderer } from '../render/render-types.js';
import type { EntryFormDefinition } from './entry-form.js';

// The site server reads a site's entry forms from its renderer's settings, as it reads the
// consent settings: the forms are server-side data of the site, handed over with the renderer.
declare module '../render/render-types.js' {
  interface RendererSettings {
    /** The site's entry forms, whose posts the server answers (see {@link withEntryForms}). */
    forms?: readonly EntryFormDefinition[];
  }
}

/**
 * The renderer with the site's entry forms (see `defineEntryForm`), for `entry-server.tsx`.
 * The forms travel with the server bundle only, so their rules and messages stay out of the
 * browser's.
 *
 * @example
 * export const renderer = withEntryForms(createSiteRenderer(site), [bookingForm]);
 */
export function withEntryForms(renderer: SiteRenderer, forms: readonly EntryFormDefinition[]): SiteRenderer {
  return { ...renderer, settings: { ...renderer.settings, forms } };
}
