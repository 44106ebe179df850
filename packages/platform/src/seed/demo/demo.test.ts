import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SeedContent, SeedEntry, SeedTaxonomyNode } from '../types.js';
import { nodePaths, seedProblems } from './check.js';
import { EVENT_CATEGORIES, NEWS_CATEGORIES } from './content-types.js';
import { addDays } from './dates.js';
import { demoContent, stableGuid } from './index.js';

/** A fixed seeding day, so the calendar (events, course intakes) is the same on every run. */
const TODAY = '2026-09-01';
const content = demoContent({ today: TODAY });
const entries = [...content.entries];
const nodes = [...content.nodes];
const paths = nodePaths(content);

const ofType = (type: string) => entries.filter((e) => e.contentTypeId === type);
const english = (entry: SeedEntry) => entry.variations['en-GB']!;
const isPublished = (entry: SeedEntry) => english(entry).published;
const fingerprint = (c: SeedContent) =>
  createHash('sha256')
    .update(JSON.stringify({ ...c, entries: [...c.entries], nodes: [...c.nodes] }))
    .digest('hex');
const nodeAt = (path: string) => nodes.find((n) => paths.get(n.id)?.['en-GB'] === path);

describe('demoContent', () => {
  it('is deterministic', () => {
    const again = demoContent({ today: TODAY });
    expect({ ...again, entries: [...again.entries], nodes: [...again.nodes] }).toEqual({
      ...content,
      entries,
      nodes,
    });
    expect(fingerprint(again)).toBe(fingerprint(content));
  });

  it('passes every consistency check (links, fields, nodes, taxonomy)', () => {
    expect(seedProblems(content)).toEqual([]);
  });

  it('describes the project', () => {
    expect(content.project).toMatchObject({
      id: 'website',
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB', 'cy'],
      deliverySysExclusions: [],
    });
    expect(content.contentTypes.map((t) => t.id)).toEqual([
      'image',
      'document',
      'homePage',
      'contentPage',
      'course',
      'newsArticle',
      'event',
      'person',
      'searchPage',
      'booking',
      'cookieConsent',
    ]);
    for (const type of content.contentTypes) {
      expect(type.entryTitleField).toBe('title');
      expect(type.fields.some((f) => f.id === 'title' && f.dataType === 'string')).toBe(true);
    }
  });

  it('leaves delivery tokens to the caller', () => {
    expect(content.deliveryTokens).toEqual([]);
    const token = { name: 'site', value: 'secret', canPreview: true };
    expect(demoContent({ deliveryTokens: [token] }).deliveryTokens).toEqual([token]);
  });

  it('has the required number of published items per content type', () => {
    const published = (type: string) => ofType(type).filter(isPublished).length;
    expect(published('homePage')).toBe(1);
    expect(published('course')).toBe(60);
    expect(published('newsArticle')).toBe(120);
    expect(published('event')).toBe(60);
    expect(published('person')).toBe(40);
    expect(published('searchPage')).toBe(1);
    expect(ofType('image').length).toBeGreaterThanOrEqual(30);
    expect(ofType('image').length).toBeLessThanOrEqual(50);
    expect(ofType('document')).toHaveLength(1);
  });

  it('has unpublished drafts and published entries with pending edits', () => {
    const drafts = entries.filter((e) => !isPublished(e));
    expect(drafts.map((e) => e.contentTypeId).toSorted()).toEqual(['course', 'newsArticle', 'newsArticle']);
    const pending = entries.filter((e) => isPublished(e) && english(e).draftFields);
    expect(pending.map((e) => e.contentTypeId).toSorted()).toEqual(['course', 'newsArticle']);
  });

  it('nests the about pages three levels below /about', () => {
    for (const path of [
      '/about',
      '/about/history',
      '/about/history/founders',
      '/about/history/founders/founding-charter',
      '/about/governance',
      '/about/campus',
    ]) {
      expect(nodeAt(path), path).toBeDefined();
    }
  });

  it('builds the site view with sections, items and menu flags', () => {
    const root = nodes[0]!;
    expect(root.parentId).toBeNull();
    expect(entries.find((e) => e.id === root.entryId)?.contentTypeId).toBe('homePage');
    const topLevel = nodes.filter((n) => n.parentId === root.id);
    expect(topLevel.map((n) => n.slug['en-GB'])).toEqual([
      'about',
      'courses',
      'news',
      'events',
      'people',
      'search',
      'members',
      'staff',
    ]);
    for (const node of topLevel)
      expect(node.includeInMenu, node.slug['en-GB']).toBe(!/members|staff/.test(node.slug['en-GB']!));
    for (const node of nodes.filter((n) => paths.get(n.id)?.['en-GB']?.startsWith('/about/'))) {
      expect(node.includeInMenu).toBe(true);
    }
    const sections = { courses: 'course', news: 'newsArticle', events: 'event', people: 'person' };
    for (const [slug, type] of Object.entries(sections)) {
      const section = topLevel.find((n) => n.slug['en-GB'] === slug)!;
      const children = nodes.filter((n) => n.parentId === section.id);
      expect(children).toHaveLength(ofType(type).length);
      expect(children.every((n) => !n.includeInMenu)).toBe(true);
      expect(new Set(children.map((n) => n.entryId))).toEqual(new Set(ofType(type).map((e) => e.id)));
    }
    expect(nodeAt('/search')?.entryId).toBe(ofType('searchPage')[0]!.id);
  });

  it('gives every entry that is not an asset exactly one node', () => {
    const attached = nodes.map((n) => n.entryId).filter(Boolean);
    expect(new Set(attached).size).toBe(attached.length);
    expect(new Set(attached)).toEqual(
      new Set(entries.filter((e) => e.dataFormat !== 'asset').map((e) => e.id)),
    );
  });

  it('restricts the members and staff pages to their groups and keeps them out of search', () => {
    for (const [path, group] of [
      ['/members', 'Members'],
      ['/staff', 'Staff'],
    ] as const) {
      const entry = entries.find((e) => e.id === nodeAt(path)?.entryId)!;
      expect(english(entry).fields.requiredGroups).toEqual([group]);
      expect(entry.includeInSearch).toBe(false);
    }
    const publicPages = ofType('contentPage').filter((e) => e.includeInSearch);
    expect(publicPages.length).toBeGreaterThan(10);
    for (const page of publicPages) expect(english(page).fields.requiredGroups).toEqual([]);
  });

  it('has Welsh variations of the home page, the about and section pages, ten courses, five stories, five events and every profile', () => {
    const welsh = entries.filter((e) => e.variations.cy);
    const welshOf = (type: string) => welsh.filter((e) => e.contentTypeId === type).length;
    expect(welshOf('homePage')).toBe(1);
    expect(welshOf('searchPage')).toBe(1);
    expect(welshOf('course')).toBe(10);
    expect(welshOf('newsArticle')).toBe(5);
    expect(welshOf('event')).toBe(5);
    expect(welshOf('person')).toBe(ofType('person').length);
    for (const path of ['/about', '/courses', '/news', '/events', '/people']) {
      const entry = entries.find((e) => e.id === nodeAt(path)?.entryId)!;
      expect(entry.variations.cy?.fields.title, path).toBeTruthy();
    }
    for (const node of nodes.filter((n) => paths.get(n.id)?.['en-GB']?.startsWith('/about'))) {
      const entry = entries.find((e) => e.id === node.entryId)!;
      expect(entry.variations.cy?.fields.title).toBeTruthy();
    }
    // Welsh variations are published with their English ones, and the restricted pages stay English.
    for (const entry of welsh)
      expect(entry.variations.cy!.published, entry.id).toBe(english(entry).published);
    expect(entries.find((e) => e.id === nodeAt('/members')?.entryId)?.variations.cy).toBeUndefined();
  });

  it('reaches every Welsh page through the Welsh node tree, on Welsh slugs', () => {
    for (const node of nodes) {
      const entry = entries.find((e) => e.id === node.entryId);
      expect(node.slug.cy !== undefined, paths.get(node.id)?.['en-GB']).toBe(
        entry?.variations.cy !== undefined,
      );
    }
    const welshPaths = new Map<string, string>();
    for (const entry of entries.filter((e) => e.variations.cy && e.dataFormat !== 'asset')) {
      const node = nodes.find((n) => n.entryId === entry.id)!;
      const path = paths.get(node.id)?.cy;
      // A path per language exists only when every ancestor has a slug in that language.
      expect(path, `${entry.contentTypeId} ${entry.id}`).toBeDefined();
      expect(welshPaths.has(path!), path).toBe(false);
      welshPaths.set(path!, entry.contentTypeId);
    }
    expect(paths.get(nodeAt('/about/history')!.id)?.cy).toBe('/amdanom-ni/ein-hanes');
    expect(paths.get(nodeAt('/courses/bsc-marine-biology')!.id)?.cy).toBe('/cyrsiau/bsc-bioleg-y-mor');
    expect(paths.get(nodeAt('/courses/llb-law')!.id)?.cy).toBe('/cyrsiau/llb-y-gyfraith');
    expect(paths.get(nodeAt('/search')!.id)?.cy).toBe('/chwilio');
    expect(paths.get(nodeAt('/people/elin-rowlands')!.id)?.cy).toBe('/pobl/elin-rowlands');
    expect(paths.get(nodeAt('/events/rock-pool-ramble')!.id)?.cy).toBe(
      '/digwyddiadau/crwydro-pyllau-glan-mor',
    );
    expect(paths.get(nodeAt('/news/new-robotics-students-find-their-feet')!.id)?.cy).toBe(
      '/newyddion/myfyrwyr-roboteg-newydd-yn-ymgartrefu',
    );
    for (const [prefix, type] of [
      ['/cyrsiau/', 'course'],
      ['/newyddion/', 'newsArticle'],
      ['/digwyddiadau/', 'event'],
      ['/pobl/', 'person'],
    ] as const) {
      const under = [...welshPaths].filter(([path]) => path.startsWith(prefix));
      expect(under.length, prefix).toBe(
        entries.filter((e) => e.contentTypeId === type && e.variations.cy).length,
      );
      expect(under.every(([, t]) => t === type)).toBe(true);
    }
  });

  it('writes Welsh text, keeping the facts of the English variation', () => {
    for (const type of ['course', 'newsArticle', 'event']) {
      for (const entry of ofType(type).filter((e) => e.variations.cy)) {
        const en = english(entry).fields;
        const cy = entry.variations.cy!.fields;
        expect(cy.title, String(en.title)).not.toBe(en.title);
        for (const field of [
          'startDate',
          'courseCode',
          'publishDate',
          'category',
          'author',
          'eventDates',
          'location',
        ]) {
          expect(cy[field], `${type} ${field}`).toEqual(en[field]);
        }
      }
    }
    const course = entries.find((e) => e.id === nodeAt('/courses/llb-law')?.entryId)!;
    expect(course.variations.cy!.fields.subject).toMatchObject({ name: 'Y Gyfraith' });
    const event = entries.find((e) => e.id === nodeAt('/events/open-water-swim')?.entryId)!;
    expect(event.variations.cy!.fields.venueName).toBe('Traeth y Gogledd, Aberwen');
    const person = entries.find((e) => e.id === nodeAt('/people/elin-rowlands')?.entryId)!;
    expect(person.variations.cy!.fields.jobTitle).toBe('Is-Ganghellor');
    for (const profile of ofType('person')) {
      expect(profile.variations.cy!.fields.bio).not.toMatch(/\b(the|and|of)\b/);
    }
  });

  it('translates the five newest stories and five events in the weeks after the seeding day', () => {
    const newest = ofType('newsArticle')
      .filter(isPublished)
      .toSorted((a, b) =>
        String(english(b).fields.publishDate).localeCompare(String(english(a).fields.publishDate)),
      )
      .slice(0, 5);
    expect(newest.every((e) => e.variations.cy)).toBe(true);
    const welshEvents = ofType('event').filter((e) => e.variations.cy);
    for (const today of [TODAY, '2027-03-15']) {
      const calendar = [...demoContent({ today }).entries].filter(
        (e) => e.contentTypeId === 'event' && e.variations.cy,
      );
      expect(calendar).toHaveLength(5);
      for (const event of calendar) {
        const { from } = english(event).fields.eventDates as { from: string };
        expect(from > today && from < addDays(today, 90, 0), `${from} after ${today}`).toBe(true);
      }
    }
    expect(new Set(welshEvents.map((e) => english(e).fields.category)).size).toBe(5);
  });

  it('builds a two-level subject taxonomy and tags every course with a subject in it', () => {
    const root = content.taxonomy!;
    expect(root).toMatchObject({ key: '0', name: { 'en-GB': 'Root' } });
    const subjects = root.children![0]!;
    expect(subjects).toMatchObject({ key: '0/1', name: { 'en-GB': 'Subjects' } });
    expect(subjects.children).toHaveLength(5);
    const byKey = new Map<string, string>();
    const walk = (node: SeedTaxonomyNode, path: string) => {
      byKey.set(node.key, path);
      node.children?.forEach((child, i) => {
        expect(child.key).toBe(`${node.key}/${i + 1}`);
        walk(child, `${path}/${child.name['en-GB']}`);
      });
    };
    walk(root, 'Root');
    for (const faculty of subjects.children!) {
      expect(faculty.children!.length).toBeGreaterThanOrEqual(3);
      expect(faculty.children!.length).toBeLessThanOrEqual(5);
    }
    for (const course of ofType('course')) {
      const subject = english(course).fields.subject as { key: string; name: string; path: string };
      expect(subject.key).toMatch(/^0\/1\/\d+\/\d+$/);
      expect(byKey.get(subject.key)).toBe(subject.path);
      expect(subject.path.endsWith(`/${subject.name}`)).toBe(true);
    }
  });

  it('spreads courses over levels, modes, durations and start dates', () => {
    const values = (field: string) => new Set(ofType('course').map((e) => english(e).fields[field]));
    expect(values('studyLevel')).toEqual(
      new Set(['Undergraduate', 'Postgraduate taught', 'Postgraduate research']),
    );
    expect(values('studyMode')).toEqual(new Set(['Full-time', 'Part-time', 'Distance learning']));
    expect(values('durationYears').size).toBeGreaterThanOrEqual(5);
    expect(values('startDate').size).toBeGreaterThanOrEqual(3);
    expect(values('courseCode').size).toBe(ofType('course').length);
  });

  it('dates news over 2025–2026 with every category and people as authors', () => {
    const news = ofType('newsArticle').filter(isPublished);
    const dates = news.map((e) => english(e).fields.publishDate as string).toSorted();
    expect(dates[0]!.startsWith('2025-')).toBe(true);
    expect(dates.at(-1)! < '2026-09-01').toBe(true);
    expect(new Set(news.map((e) => english(e).fields.category))).toEqual(new Set(NEWS_CATEGORIES));
    const people = new Set(ofType('person').map((e) => e.id));
    for (const article of news) {
      expect(people.has((english(article).fields.author as { sys: { id: string } }).sys.id)).toBe(true);
      expect((english(article).fields.tags as string[]).length).toBeGreaterThan(0);
    }
  });

  it('dates events over 2026–2027 when seeded on 2026-09-01, at venues with UK coordinates', () => {
    const events = ofType('event');
    expect(new Set(events.map((e) => english(e).fields.category))).toEqual(new Set(EVENT_CATEGORIES));
    for (const event of events) {
      const { from, to } = english(event).fields.eventDates as { from: string; to: string };
      expect(from >= '2026-01-01' && to < '2028-01-01').toBe(true);
      expect(from < to).toBe(true);
      const { lat, lon } = english(event).fields.location as { lat: number; lon: number };
      expect(lat).toBeGreaterThan(49.9);
      expect(lat).toBeLessThan(58.7);
      expect(lon).toBeGreaterThan(-8.2);
      expect(lon).toBeLessThan(1.8);
      expect(english(event).fields.venueName).toBeTruthy();
    }
  });

  it('has unique titles for courses, news and events', () => {
    for (const type of ['course', 'newsArticle', 'event', 'person']) {
      const titles = ofType(type).map((e) => english(e).fields.title);
      expect(new Set(titles).size, type).toBe(titles.length);
    }
  });

  it('uses words that free-text search finds in a handful of entries, not everywhere', () => {
    const text = entries
      .filter((e) => e.dataFormat !== 'asset')
      .map((e) => JSON.stringify(english(e).fields).toLowerCase());
    for (const word of ['marine', 'robotics', 'history', 'festival']) {
      const hits = text.filter((t) => t.includes(word)).length;
      expect(hits, word).toBeGreaterThanOrEqual(3);
      expect(hits, word).toBeLessThan(text.length / 10);
    }
  });

  it('links the home page to published courses and the latest news', () => {
    const home = english(ofType('homePage')[0]!).fields;
    const published = new Set(entries.filter(isPublished).map((e) => e.id));
    const links = [
      ...(home.featuredCourses as { sys: { id: string } }[]),
      ...(home.featuredNews as { sys: { id: string } }[]),
    ];
    expect(links.length).toBe(10);
    for (const link of links) expect(published.has(link.sys.id)).toBe(true);
  });

  it('stores SVG pictures and a plain-text document as asset files', () => {
    for (const image of ofType('image')) {
      const { asset } = image;
      expect(asset?.mimeType).toBe('image/svg+xml');
      expect(asset?.uri).toMatch(/^\/image-library\/[a-z-]+\/[a-z0-9-]+\.svg$/);
      const svg = asset!.content as string;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`width="${asset!.width}"`);
      expect(svg).toContain(`height="${asset!.height}"`);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg.match(/</g)?.length).toBe(svg.match(/>/g)?.length);
    }
    const portraits = ofType('image').filter((e) => e.asset!.uri.includes('/people/'));
    expect(portraits.every((e) => e.asset!.width === 600 && e.asset!.height === 600)).toBe(true);
    const document = ofType('document')[0]!;
    expect(document.asset).toMatchObject({ mimeType: 'text/plain' });
    expect(document.asset!.uri.startsWith('/asset-library/')).toBe(true);
  });

  it('uses GUID-shaped ids', () => {
    const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const item of [...entries, ...nodes]) expect(item.id).toMatch(guid);
    expect(stableGuid('x')).toBe(stableGuid('x'));
    expect(stableGuid('x')).not.toBe(stableGuid('y'));
  });
});
