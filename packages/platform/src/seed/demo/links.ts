import type { SeedLink } from '../types.js';

/** An image field value (contract §1.6.2): the asset link plus per-use text. */
export interface ImageValue {
  asset: SeedLink;
  altText: string;
  caption?: string;
}

/** An unresolved link to an entry. The loader adds `language` and `uri` from the target. */
export function entryLink(id: string, contentTypeId: string): SeedLink {
  return { sys: { id, contentTypeId, dataFormat: 'entry' } };
}

/** An unresolved link to an asset entry. */
export function assetLink(id: string, contentTypeId = 'image'): SeedLink {
  return { sys: { id, contentTypeId, dataFormat: 'asset' } };
}
