import type { ComposerItem } from '../content/composer.js';
import { imageOf } from '../content/images.js';
import { Figure } from './Image.js';
import { Prose } from './Prose.js';

function quoteOf(value: unknown): { text: string; source: string | null } | null {
  if (value === null || typeof value !== 'object') return null;
  const { text, source } = value as { text?: unknown; source?: unknown };
  if (typeof text !== 'string' || !text.trim()) return null;
  return { text, source: typeof source === 'string' && source.trim() ? source : null };
}

/** One composer item; item types the site does not know render as nothing. */
function ComposerBlock({ item }: { item: ComposerItem }) {
  switch (item.type) {
    case 'heading':
      // The page title is the h1; composer headings are the sections under it.
      return typeof item.value === 'string' && item.value.trim() ? <h2>{item.value}</h2> : null;
    case 'markup':
      return typeof item.value === 'string' ? <Prose html={item.value} /> : null;
    case 'quote': {
      const quote = quoteOf(item.value);
      return quote ? (
        <figure className="quote">
          <blockquote>
            <p>{quote.text}</p>
          </blockquote>
          {quote.source ? <figcaption>{quote.source}</figcaption> : null}
        </figure>
      ) : null;
    }
    case 'image': {
      const image = imageOf(item.value);
      return image ? <Figure image={image} /> : null;
    }
    default:
      return null;
  }
}

/**
 * The body of a content page: headings, rich text, quotes and pictures, in the order the
 * editor put them.
 */
export function Composer({ items }: { items: readonly ComposerItem[] }) {
  if (!items.length) return null;
  return (
    <div className="composer">
      {items.map((item, index) => (
        // Items have no ids; their order is the identity, and it never changes on a page.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <ComposerBlock key={index} item={item} />
      ))}
    </div>
  );
}
