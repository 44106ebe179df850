import { describe, expect, it } from 'vitest';
import { searchPage } from '../test/fixtures.js';
import { element, expectHeadingOutline } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';

describe('SearchPage', () => {
  it('has a labelled GET form to /search and links to the sections', () => {
    const html = renderPage({ url: '/search', entry: searchPage });
    const main = mainOf(html);
    expect(main).toContain(
      '<h1>Search</h1><p class="lead">Search courses, news, events and people across the site.</p>',
    );
    const id = /<label for="([^"]+)">Search the site<\/label>/.exec(main)?.[1];
    expect(id).toBeTruthy();
    expect(element(main, 'input')).toMatchObject({ id, type: 'search', name: 'term', value: '' });
    expect(element(main, 'form', 'search-form')).toMatchObject({
      method: 'get',
      action: '/search',
    });
    expect(main).toContain('<a href="/courses">Courses</a>');
    expect(main).not.toContain('<a href="/search">');
    expect(main).not.toContain('role="status"');
    expectHeadingOutline(html);
  });

  it('keeps the term in the box and says results are not there yet', () => {
    const main = mainOf(renderPage({ url: '/search?term=marine%20biology', entry: searchPage }));
    expect(main).toContain('value="marine biology"');
    expect(main).toContain('<p class="notice" role="status">Search results are not available yet.');
  });
});
