import { describe, expect, it } from 'vitest';
import { subjectOf } from '../content/course.js';
import { entry, marineBiology } from '../test/fixtures.js';
import { expectHeadingOutline, expectStableImages } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

describe('CoursePage', () => {
  const html = renderPage({ url: '/courses/bsc-marine-biology', entry: marineBiology });
  const main = mainOf(html);

  it('shows the subject, title and summary', () => {
    expect(main).toMatch(
      /<header class="page-header"><h1>BSc Marine Biology<\/h1><p class="eyebrow">Marine Biology<\/p><p class="lead">Learn marine biology/,
    );
  });

  it('lists the key facts', () => {
    for (const [term, value] of [
      ['Subject', 'Marine Biology'],
      ['Level', 'Undergraduate'],
      ['Study mode', 'Full-time'],
      ['Duration', '3 years'],
      ['Starts', '<time dateTime="2026-09-21T09:00:00Z">21 September 2026</time>'],
      ['Course code', 'MARB-U124'],
    ]) {
      expect(main).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    }
  });

  it('renders the description under its own h2, so its h3s follow in order', () => {
    expect(main).toContain(
      '<h2 id="course-overview">Course overview</h2><div class="prose"><p>Marine Biology at',
    );
    expect(main).toContain('<h3>What you will study</h3>');
    expectHeadingOutline(html);
    expectStableImages(main, { hero: true });
  });

  it('leaves out facts the course does not have', () => {
    const bare = entry('course', '/courses/bare', { title: 'Bare course' });
    const page = mainOf(renderPage({ url: '/courses/bare', entry: bare }));
    expect(page).toContain('<h1>Bare course</h1>');
    expect(page).not.toContain('<dl');
    expect(page).not.toContain('Course overview');
    expect(subjectOf(bare)).toBeNull();
  });

  it('is in Welsh on a Welsh page: headings, fact terms and values, the start date and the call to action', () => {
    const welsh = mainOf(
      renderPage({ url: '/cyrsiau/bsc-bioleg-y-mor', entry: marineBiology, inLanguage: IN_WELSH }),
    );
    expect(welsh).toContain('<h2 id="course-overview">Trosolwg o’r cwrs</h2>');
    expect(welsh).toContain('<h2 id="key-facts">Ffeithiau allweddol</h2>');
    for (const [term, value] of [
      ['Pwnc', 'Marine Biology'],
      ['Lefel', 'Israddedig'],
      ['Dull astudio', 'Amser llawn'],
      ['Hyd', '3 blynedd'],
      ['Dechrau', '<time dateTime="2026-09-21T09:00:00Z">21 Medi 2026</time>'],
      ['Cod y cwrs', 'MARB-U124'],
    ]) {
      expect(welsh).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    }
    // The open days at their Welsh address (no redirect from /cy/events).
    expect(welsh).toContain(
      '<a class="button" href="/cy/digwyddiadau?category=open-day">Dewch i ddiwrnod agored</a>',
    );
    expect(welsh).not.toMatch(/Key facts|Course overview|Study mode|September/);
  });
});
