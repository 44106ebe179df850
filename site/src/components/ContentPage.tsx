import type { EntryPageProps } from '@canopy/web';
import { composerItems } from '../content/composer.js';
import { textField, titleOf } from '../content/fields.js';
import type { ContentPageEntry } from '../content/generated/content-types.js';
import { imageOf } from '../content/images.js';
import { Composer } from './Composer.js';
import { Figure } from './Image.js';
import { PageHeader } from './PageHeader.js';
import { SectionListing } from './SectionListing.js';

/**
 * A general page: title, summary, hero picture and the composed body (headings, rich text,
 * quotes, pictures), then its sub-pages as cards. On the section landing pages (courses,
 * news, events, people) the sub-pages are the section's listing.
 */
export function ContentPage({ entry }: EntryPageProps<ContentPageEntry>) {
  if (!entry) return null;
  const hero = imageOf(entry.heroImage);
  return (
    <>
      <article className="content-page">
        <PageHeader title={titleOf(entry)} lead={textField(entry, 'summary')} />
        {hero ? <Figure image={hero} priority caption={null} className="hero" /> : null}
        <Composer items={composerItems(entry.body)} />
      </article>
      <SectionListing />
    </>
  );
}
