import { describe, expect, it } from 'vitest';
import { subjectOf } from '../content/course.js';
import { entry, marineBiology } from '../test/fixtures.js';
import { expectHeadingOutline, expectStableImages } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';

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
});
