import type { Localised, SeedNode } from '../types.js';
import type { CourseRecord } from './courses.js';
import type { EventRecord } from './events.js';
import { demoNodeId } from './ids.js';
import type { NewsRecord } from './news.js';
import type { PageRecord } from './pages.js';
import type { PersonRecord } from './people.js';

/** What the site view hangs under each section landing page. */
export interface SectionChildren {
  courses: readonly CourseRecord[];
  news: readonly NewsRecord[];
  events: readonly EventRecord[];
  people: readonly PersonRecord[];
}

interface Item {
  slug: string;
  title: string;
  id: string;
  cy?: { slug: string; title: string };
}

function parentPath(path: string): string | null {
  if (path === '/') return null;
  const cut = path.lastIndexOf('/');
  return cut === 0 ? '/' : path.slice(0, cut);
}

function localised(en: string, cy: string | undefined): Localised<string> {
  return cy === undefined ? { 'en-GB': en } : { 'en-GB': en, cy };
}

function itemNodes(sectionPath: string, items: readonly Item[]): SeedNode[] {
  return items.map((item) => ({
    id: demoNodeId(`${sectionPath}/${item.slug}`),
    parentId: demoNodeId(sectionPath),
    slug: localised(item.slug, item.cy?.slug),
    displayName: localised(item.title, item.cy?.title),
    entryId: item.id,
    includeInMenu: false,
  }));
}

/**
 * The site view: the page tree from `pages` (already parents-first), with every course,
 * article, event and person under its section. Sibling order is menu order: courses by
 * subject, news newest first, events soonest first, people by surname.
 */
export function demoNodes(pages: readonly PageRecord[], children: SectionChildren): SeedNode[] {
  const nodes: SeedNode[] = [];
  const sections: Record<string, readonly Item[]> = {
    '/courses': children.courses,
    '/news': children.news.toSorted((a, b) => b.publishDate.localeCompare(a.publishDate)),
    '/events': children.events.toSorted((a, b) => a.from.localeCompare(b.from)),
    '/people': children.people
      .toSorted((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
      // A name reads the same in both languages, so a profile keeps its slug in Welsh.
      .map((p) => ({ slug: p.slug, title: p.fullName, id: p.id, cy: { slug: p.slug, title: p.fullName } })),
  };
  for (const page of pages) {
    const parent = parentPath(page.path);
    nodes.push({
      id: demoNodeId(page.path),
      parentId: parent === null ? null : demoNodeId(parent),
      slug: localised(page.slug, page.cy?.slug),
      displayName: localised(page.title, page.cy?.title),
      entryId: page.entry.id,
      includeInMenu: page.includeInMenu,
    });
    const items = sections[page.path];
    if (items) nodes.push(...itemNodes(page.path, items));
  }
  return nodes;
}
