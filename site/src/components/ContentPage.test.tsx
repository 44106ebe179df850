import { describe, expect, it } from 'vitest';
import { composerItems } from '../content/composer.js';
import { history, marineBiology, newsSection, node, nursingVolunteers } from '../test/fixtures.js';
import { expectHeadingOutline, expectStableImages, images } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

describe('ContentPage', () => {
  const html = renderPage({ url: '/about/history', entry: history });
  const main = mainOf(html);

  it('renders the title, summary and hero', () => {
    expect(main).toContain('<h1>Our history</h1>');
    expect(main).toContain(
      '<p class="lead">From a single college above the harbour to a university of five faculties.</p>',
    );
    expect(images(main)[0]).toMatchObject({ src: '/image-library/pages/history.svg', fetchpriority: 'high' });
  });

  it('renders every composer item type, and skips unknown ones', () => {
    expect(main).toContain('<h2>The Old College</h2>');
    expect(main).toContain(
      '<div class="prose"><p>The college opened in October 1889 with fifty-two students.</p></div>',
    );
    expect(main).toContain(
      '<figure class="quote"><blockquote><p>Let the college belong to the people who paid for it.</p></blockquote><figcaption>Ann Maddocks, 1886</figcaption></figure>',
    );
    expect(main).toMatch(
      /<figure class="figure"><img class="image" src="\/image-library\/pages\/history.svg" alt="The Old College with its clock tower" width="1200" height="675" loading="lazy" decoding="async"\/><figcaption>The Old College, around 1895<\/figcaption><\/figure>/,
    );
    expect(main).not.toContain('an item type the site does not know');
    expectHeadingOutline(html);
    expectStableImages(main, { hero: true });
  });

  it('reads composer items defensively', () => {
    expect(composerItems(null)).toEqual([]);
    expect(composerItems([{ type: 'heading', value: 'A' }, null, { value: 'no type' }, 'x'])).toEqual([
      { type: 'heading', value: 'A' },
    ]);
  });

  it('lists child pages as cards, skipping children without an entry', () => {
    const children = [
      node('/news/nursing', 'Nursing volunteers', { entry: nursingVolunteers }),
      node('/news/draft', 'A draft without a published version'),
    ];
    const page = mainOf(renderPage({ url: '/news', entry: newsSection, children }));
    expect(page).toContain('<h2 id="section-listing-heading">All news</h2>');
    expect(page).toMatch(/<ul class="card-grid"><li><article class="card card-newsArticle">/);
    expect(page).toContain(
      '<a href="/news/nursing">Nursing volunteers help out in local primary schools</a>',
    );
    expect(page).not.toContain('A draft');
    // Card pictures repeat the title next to them: decorative, but sized and lazy.
    expect(images(page)[0]).toMatchObject({ alt: '', width: '1200', height: '675', loading: 'lazy' });
    expect(page).not.toContain('class="pager"');
  });

  it('pages long listings with links that keep the path', () => {
    const children = Array.from({ length: 30 }, (_, i) =>
      node(`/courses/c${i}`, `Course ${i}`, { entry: { ...marineBiology, entryTitle: `Course ${i}` } }),
    );
    const first = mainOf(renderPage({ url: '/courses', entry: newsSection, children }));
    expect(first).toContain('Showing 1 to 24 of 30 courses');
    expect(first).toContain('<li class="pager-status" aria-current="page">Page 1 of 2</li>');
    expect(first).toContain('<a rel="next" href="/courses?page=2">Next</a>');
    expect(first).not.toContain('rel="prev"');
    const second = mainOf(renderPage({ url: '/courses?page=2', entry: newsSection, children }));
    expect(second).toContain('Showing 25 to 30 of 30 courses');
    expect(second).toContain('<a rel="prev" href="/courses">Previous');
    expect(second).toContain('>Course 29</a>');
    expect(second).not.toContain('>Course 3</a>');
  });

  it('heads and counts a listing in Welsh on a Welsh page, its cards in Welsh too', () => {
    const children = Array.from({ length: 30 }, (_, i) =>
      node(`/cyrsiau/c${i}`, `Cwrs ${i}`, { entry: { ...marineBiology, entryTitle: `Cwrs ${i}` } }),
    );
    const welsh = mainOf(renderPage({ url: '/cyrsiau', entry: newsSection, children, inLanguage: IN_WELSH }));
    expect(welsh).toContain('<h2 id="section-listing-heading">Pob cwrs</h2>');
    // A Welsh numeral's noun: 30 takes the plain form, 3 the aspirate mutation.
    expect(welsh).toContain('Yn dangos 1 i 24 o 30 cwrs');
    expect(welsh).toContain('<li>Israddedig</li><li>Amser llawn</li><li>3 blynedd</li>');
    const few = children.slice(0, 3);
    const three = mainOf(
      renderPage({ url: '/cyrsiau', entry: newsSection, children: few, inLanguage: IN_WELSH }),
    );
    expect(three).not.toContain('Yn dangos');
  });

  it('names the listing after what the section holds', () => {
    const about = mainOf(
      renderPage({
        url: '/about',
        entry: newsSection,
        children: [node('/about/history', 'Our history', { entry: history })],
      }),
    );
    expect(about).toContain('In this section');
  });
});
