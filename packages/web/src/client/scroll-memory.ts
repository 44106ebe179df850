/** Where the visitor was on a page: the scroll offsets and the link that had focus, if one did. */
export interface PagePlace {
  x: number;
  y: number;
  /** The focused link: its `href` and which of the links with that `href` it was. */
  focus: { href: string; index: number } | null;
}

/** The sessionStorage item that keeps the places across reloads of the tab's pages. */
export const PLACES_STORAGE_KEY = 'canopy:places';

/** How many history entries keep their place (the oldest are forgotten first). */
export const PLACES_LIMIT = 100;

/**
 * The place of every history entry of this tab the visitor left, by history key, so going
 * back or forward returns to it. Kept in `sessionStorage` (when there is one) so it also
 * survives a reload or a visit to another site and back; bounded to {@link PLACES_LIMIT}.
 *
 * @example
 * const places = new PlaceMemory(sessionStorage);
 * places.save('k1', { x: 0, y: 5400, focus: null });
 * places.get('k1'); // { x: 0, y: 5400, focus: null }
 */
export class PlaceMemory {
  private readonly places: Map<string, PagePlace>;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
    this.places = new Map(readPlaces(storage));
  }

  /** The place saved for `key`, if any. */
  get(key: string): PagePlace | undefined {
    return this.places.get(key);
  }

  /** Saves the place of `key` (the most recent entry). */
  save(key: string, place: PagePlace): void {
    this.places.delete(key);
    this.places.set(key, place);
    while (this.places.size > PLACES_LIMIT) {
      const oldest = this.places.keys().next().value as string;
      this.places.delete(oldest);
    }
    try {
      this.storage?.setItem(PLACES_STORAGE_KEY, JSON.stringify([...this.places]));
    } catch {
      // Storage full or refused (private mode): the places still work within this page.
    }
  }
}

function readPlaces(storage: Pick<Storage, 'getItem'> | null): [string, PagePlace][] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PLACES_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is [string, PagePlace] =>
        Array.isArray(item) &&
        typeof item[0] === 'string' &&
        typeof item[1]?.x === 'number' &&
        typeof item[1]?.y === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * The key a history entry's place is kept under: React Router's `location.key`, except for the
 * tab's first entry, whose key is always `default`, which also names its address.
 */
export function placeKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

/**
 * How to find `element` again once the page is rendered anew: a link, by its `href` and its
 * position among the links with the same `href` inside `root`. Other elements are not kept.
 */
export function focusMarkOf(element: Element | null, root: ParentNode): PagePlace['focus'] {
  if (element?.tagName !== 'A') return null;
  const href = element.getAttribute('href');
  if (href === null) return null;
  const index = linksWithHref(root, href).indexOf(element);
  return index === -1 ? null : { href, index };
}

/**
 * The element a {@link focusMarkOf} mark points at in `root`: the link with that `href` at
 * that position, else the last one there is (the page may list it fewer times now).
 */
export function findFocusMark(mark: PagePlace['focus'], root: ParentNode): HTMLElement | null {
  if (!mark) return null;
  const links = linksWithHref(root, mark.href);
  return (links[Math.min(mark.index, links.length - 1)] as HTMLElement | undefined) ?? null;
}

function linksWithHref(root: ParentNode, href: string): Element[] {
  return [...root.querySelectorAll('a[href]')].filter((link) => link.getAttribute('href') === href);
}
