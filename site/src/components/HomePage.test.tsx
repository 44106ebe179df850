import { describe, expect, it } from 'vitest';
import { home } from '../test/fixtures.js';
import { element, expectHeadingOutline, expectStableImages, images } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

describe('HomePage', () => {
  const html = renderPage({ url: '/', entry: home });
  const main = mainOf(html);

  it('welcomes with the title, introduction, hero and call to action', () => {
    expect(main).toContain('<h1>Aberwen University</h1>');
    expect(main).toContain('<p>A university by the sea, where Welsh and English live side by side.</p>');
    expect(main).toContain(
      '<a class="button" href="/events?category=open-day">Book your place at an open day</a>',
    );
    expect(images(main)[0]).toMatchObject({
      src: '/image-library/pages/home.svg',
      alt: 'The campus on the hill above the harbour',
      width: '1200',
      height: '675',
      fetchpriority: 'high',
    });
  });

  it('shows the featured courses and news as cards linking to their pages', () => {
    expect(main).toContain('<h2 id="featured-courses">Featured courses</h2>');
    expect(main).toContain('<a href="/courses/bsc-marine-biology">BSc Marine Biology</a>');
    expect(main).toContain('<h2 id="featured-news">In the news</h2>');
    expect(main).toContain(
      '<a href="/news/nursing-volunteers-help-out-in-local-primary-schools">Nursing volunteers help out in local primary schools</a>',
    );
    expect(main).toContain('<time dateTime="2026-08-24T10:15:00Z">24 August 2026</time>');
  });

  it('has a search form, a sound outline and sized images', () => {
    expect(element(main, 'form', 'search-form')).toMatchObject({
      method: 'get',
      // "A course, a person or a story": the Everything results, not only courses.
      action: '/search/all',
    });
    expectHeadingOutline(html);
    expectStableImages(main, { hero: true });
  });

  it('shows no breadcrumbs on the home page, and preloads the hero', () => {
    expect(html).not.toContain('aria-label="Breadcrumb"');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/image-library/pages/home.svg" fetchPriority="high"/>',
    );
  });

  it('is in Welsh on a Welsh page: section headings, links, cards and the search box', () => {
    const welsh = mainOf(renderPage({ url: '/', entry: home, inLanguage: IN_WELSH }));
    expect(welsh).toContain('<h2 id="featured-courses">Cyrsiau dan sylw</h2>');
    // The listings at their Welsh addresses, not through the redirect from /cy/courses.
    expect(welsh).toContain('<a href="/cy/cyrsiau">Pob cwrs</a>');
    expect(welsh).toContain('<a href="/cy/newyddion">Yr holl newyddion</a>');
    // The call to action too: the open days at /cy/digwyddiadau, not /cy/events.
    expect(welsh).toMatch(/<a class="button" href="\/cy\/digwyddiadau\?category=open-day">/);
    expect(welsh).toContain('<h2 id="featured-news">Yn y newyddion</h2>');
    expect(welsh).toContain('<h2 id="film-night">Noson ffilm yn undeb y myfyrwyr</h2>');
    expect(welsh).toContain('<h2 id="find-a-course">Dod o hyd i gwrs</h2>');
    expect(welsh).toContain('Chwiliwch am gwrs, person neu stori');
    // A card's date, category and facts.
    expect(welsh).toContain('<time dateTime="2026-08-24T10:15:00Z">24 Awst 2026</time>');
    expect(welsh).toContain('<li>Israddedig</li><li>Amser llawn</li><li>3 blynedd</li>');
    expect(welsh).not.toMatch(/Featured courses|In the news|Find a course|August|Full-time/);
  });
});
