import { describe, expect, it } from 'vitest';
import { entry, nursingVolunteers } from '../test/fixtures.js';
import { expectHeadingOutline, expectStableImages, images } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

describe('NewsArticlePage', () => {
  const html = renderPage({
    url: '/news/nursing-volunteers-help-out-in-local-primary-schools',
    entry: nursingVolunteers,
  });
  const main = mainOf(html);

  it('shows the date, category, headline and standfirst', () => {
    expect(main).toContain(
      '<h1>Nursing volunteers help out in local primary schools</h1><p class="eyebrow"><time dateTime="2026-08-24T10:15:00Z">24 August 2026</time> · <!-- -->Community</p>',
    );
    expect(main).toContain('<p class="lead">Student volunteers have given more than a thousand hours');
  });

  it('renders the body as markup and the tags as a list', () => {
    expect(main).toContain(
      '<a href="/courses/bsc-adult-nursing">BSc Adult Nursing</a> course page.</p></div>',
    );
    expect(main).toContain(
      '<ul class="tag-list" aria-label="Tags"><li>nursing</li><li>community</li><li>volunteering</li></ul>',
    );
  });

  it('links its author to their profile, with their photo and role', () => {
    expect(main).toContain('<h2 id="article-author">Written by</h2>');
    expect(main).toContain(
      '<p class="person-card-name"><a href="/people/tomos-griffiths">Tomos Griffiths</a></p>',
    );
    expect(main).toContain('<p class="person-card-role">Press Officer</p>');
    expect(images(main)[1]).toMatchObject({
      src: '/image-library/people/portrait-04.svg',
      width: '600',
      height: '600',
    });
  });

  it('lists the related courses it could resolve', () => {
    expect(main).toContain('<h2 id="related-courses">Related courses</h2>');
    expect(main).toContain(
      '<a href="/courses/msc-advanced-clinical-practice">MSc Advanced Clinical Practice</a>',
    );
    expect(main).not.toContain('/courses/llb-law');
  });

  it('has a sound outline and sized images', () => {
    expectHeadingOutline(html);
    expectStableImages(main, { hero: true });
    expect(images(main)[0]?.alt).toBe('Illustration with the heading Community');
  });

  it('leaves out the aside when there is no author or related course', () => {
    const bare = entry('newsArticle', '/news/bare', { title: 'Bare story', author: { sys: { id: 'p1' } } });
    const page = mainOf(renderPage({ url: '/news/bare', entry: bare }));
    expect(page).toContain('<h1>Bare story</h1>');
    expect(page).not.toContain('<aside');
  });

  it('is in Welsh on a Welsh page: the date, category and headings', () => {
    const welsh = mainOf(
      renderPage({ url: '/newyddion/gwirfoddolwyr', entry: nursingVolunteers, inLanguage: IN_WELSH }),
    );
    expect(welsh).toContain(
      '<p class="eyebrow"><time dateTime="2026-08-24T10:15:00Z">24 Awst 2026</time> · <!-- -->Cymuned</p>',
    );
    expect(welsh).toContain('<ul class="tag-list" aria-label="Tagiau">');
    expect(welsh).toContain('<aside class="page-aside" aria-label="Am y stori hon">');
    expect(welsh).toContain('<h2 id="article-author">Awdur</h2>');
    expect(welsh).not.toMatch(/Written by|Related courses|August/);
  });
});
